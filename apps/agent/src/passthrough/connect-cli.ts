/**
 * The engineer's pass-through client as a command (`hmi-agent connect …`, and alone as the
 * downloadable `hmi-connect.mjs` of /#/appdownload, which needs nothing but Node 20):
 *
 *   node hmi-connect.mjs --server https://console --account ACCOUNT --device ID --target NAME [--port 1502] [--minutes M]
 *   node hmi-connect.mjs --server https://console --account ACCOUNT --session SESSION [--port 1502]
 *
 * The password comes from HMI_PASSWORD or the first line of stdin (never an argument: `ps` shows those).
 */
import { createInterface } from 'node:readline';
import { startConnect } from './connect';

export const CONNECT_USAGE =
  'connect --server https://console --account ACCOUNT (--device ID --target NAME | --session SESSION) [--port 1502] [--minutes M]';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function password(): Promise<string> {
  if (process.env.HMI_PASSWORD) return process.env.HMI_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('password: ');
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

/** Runs the client until its session ends; the exit code says whether the engineer ended it. */
export async function runConnect(args: string[]): Promise<number> {
  const server = option(args, '--server');
  const account = option(args, '--account');
  const device = option(args, '--device');
  const session = option(args, '--session');
  if (!server || !account || (!session && (!device || !option(args, '--target')))) {
    console.error(`usage: ${CONNECT_USAGE}`);
    return 2;
  }
  const client = await startConnect({
    server,
    account,
    password: await password(),
    ...(device ? { device: Number(device) } : {}),
    target: option(args, '--target'),
    minutes: Number(option(args, '--minutes') ?? '0') || undefined,
    session,
    port: Number(option(args, '--port') ?? '1502'),
    log: (line) => console.log(line),
  });
  const stop = () => void client.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const reason = await client.ended;
  console.log(`session ended: ${reason}`);
  return reason === 'user' || reason.startsWith('1000') ? 0 : 1;
}
