/**
 * The device agent: `npm run agent -- <command>`.
 *   simulate --devices N --url mqtt://host:port --file sims.json [--rate ms] [--register] [--model M] [--prefix P] [--vnc-password PW]
 *       N simulated HMIs. Identities (SN, PIN, secret, model, next seq) live in the file; --register
 *       registers missing ones in the server's hardware registry (DATA_DIR / DATABASE_URL as the server).
 *       Each has its own screen for remote view (VNC); --vnc-password makes viewers give a password.
 *   gateway --config gateway.json [--check]
 *       a real device agent reporting the TAGs the config lists and executing commands; bridges remote
 *       view to the VNC server named by the config's `vnc: { host, port }`. With --check: the config
 *       tested against its PLCs (gateway/check.ts), a table printed, exit 0 when everything is right.
 *   connect --server https://console --account A --device ID --target NAME [--port 1502] [--minutes M] [--session S]
 *       the engineer's client of the pass-through: the password from HMI_PASSWORD or the first line of
 *       stdin; the PLC tool then connects to 127.0.0.1:PORT (passthrough/connect.ts).
 */
import { resolve } from 'node:path';
import { checkGateway } from './gateway/check';
import { readGatewayConfig, startGateway } from './gateway/gateway';
import { CONNECT_USAGE, runConnect } from './passthrough/connect-cli';
import { IdentityStore, newIdentity, readIdentities, type SeqLease } from './sim/identities';
import { registerIdentities } from './sim/register';
import { demoSimTags, startSimulatedHmi, type SimulatedHmi } from './sim/simulator';
import { StatusBoard } from './status';
import type { DeviceAgent } from './link/device';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    [
      'usage: npm run agent -- simulate --devices N --url mqtt://host:port --file sims.json [--rate ms] [--register] [--model M] [--prefix P] [--vnc-password PW]',
      '       npm run agent -- gateway --config gateway.json [--check]',
      `       npm run agent -- ${CONNECT_USAGE}`,
    ].join('\n'),
  );
  process.exit(2);
}

/** Stops everything on SIGINT/SIGTERM (state offline published, seq persisted), then exits. */
function onSignal(stop: () => Promise<void>): void {
  let closing = false;
  const handler = () => {
    if (closing) return;
    closing = true;
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

async function simulate(args: string[]): Promise<void> {
  const n = Number(option(args, '--devices') ?? '3');
  const url =
    option(args, '--url') ?? process.env.MQTT_URL ?? `mqtt://127.0.0.1:${process.env.MQTT_PORT ?? 1883}`;
  const filePath = option(args, '--file');
  const rateMs = Number(option(args, '--rate') ?? '1000');
  const model = option(args, '--model') ?? 'SIM-X10';
  const prefix = option(args, '--prefix') ?? 'SIM';
  const vncPassword = option(args, '--vnc-password');
  if (!Number.isInteger(n) || n < 1 || n > 10_000) usage('--devices must be 1-10000');
  if (!Number.isFinite(rateMs) || rateMs < 10) usage('--rate must be at least 10 ms');
  if (!filePath) usage('--file is required');
  const path = resolve(filePath);

  const file = readIdentities(path);
  const store = new IdentityStore(path, file);
  if (file.devices.length < n) {
    if (!args.includes('--register'))
      usage(
        `${path} holds ${file.devices.length} devices; add --register to register ${n - file.devices.length} more`,
      );
    const taken = new Set(file.devices.map((d) => d.sn));
    const wanted: ReturnType<typeof newIdentity>[] = [];
    for (let i = 1; file.devices.length + wanted.length < n; i += 1) {
      const id = newIdentity(prefix, i, model);
      if (!taken.has(id.sn)) wanted.push(id);
    }
    const { identities, database } = await registerIdentities(wanted);
    file.devices.push(...identities);
    store.save();
    console.log(`Registered ${identities.length} HMIs in ${database}; identities in ${path}.`);
    for (const d of identities)
      console.log(`  ${d.sn}  PIN ${d.pin}  (bind it in the console with SN + PIN)`);
  }

  const sims: { sim: SimulatedHmi; lease: SeqLease }[] = file.devices.slice(0, n).map((d) => {
    const lease = store.lease(d.sn);
    return {
      sim: startSimulatedHmi({
        url,
        sn: d.sn,
        secret: d.secret,
        tags: demoSimTags,
        rateMs,
        seq: lease,
        vnc: vncPassword ? { password: vncPassword } : {},
      }),
      lease,
    };
  });
  const board = new StatusBoard(() => sims.map((s) => s.sim.status()));
  board.start();
  onSignal(async () => {
    await Promise.all(sims.map((s) => s.sim.stop()));
    for (const s of sims) s.lease.release();
    board.stop();
  });
}

async function gateway(args: string[]): Promise<void> {
  const configPath = option(args, '--config');
  if (!configPath) usage('--config is required');
  if (args.includes('--check')) {
    const result = await checkGateway(configPath);
    for (const line of result.lines) console.log(line);
    process.exit(result.ok ? 0 : 1);
  }
  const config = readGatewayConfig(configPath);
  const agents: DeviceAgent[] = [startGateway(config)];
  const board = new StatusBoard(() => agents.map((a) => a.status()));
  board.start();
  onSignal(async () => {
    await Promise.all(agents.map((a) => a.stop()));
    board.stop();
  });
}

async function connect(args: string[]): Promise<void> {
  process.exit(await runConnect(args));
}

const [command, ...args] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => Promise<void>> = { simulate, gateway, connect };
const fn = command ? commands[command] : undefined;
if (!fn) usage();
fn(args).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
