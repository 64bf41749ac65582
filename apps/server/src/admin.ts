/**
 * Operator commands: `npm run admin -- <command>`.
 *   outbox [--limit N]          the dev outbox (mail and SMS kept instead of sent), newest first
 *   user:activate --account X   activate a pending mail account without its link
 *   device:register --sn SN --pin PIN --model MODEL
 *                               register hardware so a team can bind it; prints the device secret
 *   device:revoke --sn SN       the hardware may no longer connect
 *   device:secret --sn SN       issue a new device secret (the old one stops working)
 *   device:list [--limit N]     registered hardware with its binding (team and device name)
 *   cards:issue --type cloud|remote --count N ...
 *                               issue billing cards; prints numbers and passwords, writes a CSV
 *   --help (-h, help)           this usage, exit 0; an unknown command prints it on stderr, exit 2
 * With MQTT_URL (external broker) the device commands also create, replace or remove the device's
 * login on the broker (Mosquitto dynamic security), through the console login of MQTT_URL.
 */
import { ConfigError, loadConfig, type Config } from './platform/config';
import { migrate, openDatabase, type Db } from './platform/db';
import { readOutbox } from './platform/outbox';
import { activateAccount } from './modules/account';
import {
  checkHardware,
  type HardwareInput,
  openBrokerLink,
  type BrokerLink,
  registerDevice,
  reissueDeviceSecret,
  revokeDevice,
} from './modules/devices';
import type { DynsecClient } from './platform/mqtt/dynsec';
import { cardsIssue, cardsIssueUsage } from './modules/billing';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

const usageText = [
  'usage: npm run admin -- outbox [--limit N]',
  '       npm run admin -- user:activate --account <account>',
  '       npm run admin -- device:register --sn <SN> --pin <PIN> --model <MODEL>',
  '       npm run admin -- device:revoke --sn <SN>',
  '       npm run admin -- device:secret --sn <SN>',
  '       npm run admin -- device:list [--limit N]',
  `       ${cardsIssueUsage}`,
  '       npm run admin -- --help',
].join('\n');

/** A command line the CLI cannot run: the usage on stderr, exit 2. */
function usage(): never {
  console.error(usageText);
  process.exit(2);
}

const helpFlags = new Set(['--help', '-h', 'help']);

/** Where device logins live, for messages (never the broker's password). */
function brokerName(config: Config): string {
  if (!config.mqttUrl) return 'the embedded broker (hardware table)';
  const u = new URL(config.mqttUrl);
  return `the external broker ${u.host}`;
}

/**
 * Runs a device command on the migrated database and, with MQTT_URL, a link to the external broker;
 * a failure is reported as `${command} failed` and changes nothing.
 */
async function withDevices(
  config: Config,
  command: string,
  fn: (database: Db, broker: DynsecClient | null) => Promise<void>,
): Promise<void> {
  const database = openDatabase(config);
  let link: BrokerLink | null = null;
  try {
    await migrate(database);
    if (config.mqttUrl) link = await openBrokerLink(config.mqttUrl);
    await fn(database, link?.dynsec ?? null);
  } catch (err) {
    console.error(`${command} failed: ${err instanceof Error ? err.message : String(err)}`);
    console.error('Nothing was changed.');
    process.exitCode = 1;
  } finally {
    await link?.close();
    await database.close();
  }
}

function printSecret(sn: string, secret: string): void {
  console.log(`SN:            ${sn}`);
  console.log(`Device secret: ${secret}`);
  console.log('The secret is shown only now; the device uses it as its MQTT password.');
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  // Asked for, the usage is an answer (stdout, exit 0), and needs no configuration.
  if (command !== undefined && helpFlags.has(command)) {
    console.log(usageText);
    return;
  }
  const config = loadConfig(process.env);

  if (command === 'outbox') {
    const limit = Number(option(args, '--limit') ?? '20');
    const entries = readOutbox(config.dataDir).slice(0, Number.isFinite(limit) && limit > 0 ? limit : 20);
    if (!entries.length) console.log(`The dev outbox (${config.dataDir}/outbox) is empty.`);
    for (const e of entries) {
      console.log(`── ${e.created_at}  ${e.channel}/${e.kind}  to ${e.to}`);
      if (e.subject) console.log(`   ${e.subject}`);
      console.log(
        e.text
          .split('\n')
          .map((l) => `   ${l}`)
          .join('\n'),
      );
      console.log();
    }
    return;
  }

  if (command === 'user:activate') {
    const account = option(args, '--account');
    if (!account) usage();
    const database = openDatabase(config);
    try {
      await migrate(database);
      const outcome = await activateAccount(database.db, account, Math.floor(Date.now() / 1000));
      if (outcome === 'missing') {
        console.error(`No account ${account} (${database.description}).`);
        process.exitCode = 1;
        return;
      }
      if (outcome === 'already') {
        console.log(`${account} is already active.`);
        return;
      }
      console.log(`${account} is now active.`);
    } finally {
      await database.close();
    }
    return;
  }

  if (command === 'device:register') {
    const input: HardwareInput = {
      sn: option(args, '--sn') ?? '',
      pin: option(args, '--pin') ?? '',
      model: option(args, '--model') ?? '',
    };
    const problem = checkHardware(input);
    if (problem) {
      console.error(`device:register refused: ${problem}.`);
      process.exitCode = 2;
      return;
    }
    await withDevices(config, command, async (database, broker) => {
      const { sn, secret } = await registerDevice(database.db, broker, input, Math.floor(Date.now() / 1000));
      console.log(
        `Registered ${sn} (${input.model}) in ${database.description}; login on ${brokerName(config)}.`,
      );
      printSecret(sn, secret);
    });
    return;
  }

  if (command === 'device:revoke') {
    const sn = option(args, '--sn');
    if (!sn) usage();
    await withDevices(config, command, async (database, broker) => {
      const revoked = await revokeDevice(database.db, broker, sn, Math.floor(Date.now() / 1000));
      if (!revoked) {
        console.error(`No registered, unrevoked hardware ${sn} (${database.description}).`);
        process.exitCode = 1;
        return;
      }
      console.log(`Revoked ${sn}: it may no longer connect to ${brokerName(config)}.`);
      if (!broker) console.log('Running servers drop its live connection within 30 s.');
    });
    return;
  }

  if (command === 'device:secret') {
    const sn = option(args, '--sn');
    if (!sn) usage();
    await withDevices(config, command, async (database, broker) => {
      const secret = await reissueDeviceSecret(database.db, broker, sn);
      if (secret === null) {
        console.error(`No registered, unrevoked hardware ${sn} (${database.description}).`);
        process.exitCode = 1;
        return;
      }
      console.log(`New secret for ${sn}; login on ${brokerName(config)}.`);
      printSecret(sn, secret);
    });
    return;
  }

  if (command === 'cards:issue') {
    process.exitCode = await cardsIssue(args, config, (line) => console.log(line));
    return;
  }

  if (command === 'device:list') {
    const limit = Number(option(args, '--limit') ?? '100');
    const database = openDatabase(config);
    try {
      await migrate(database);
      const rows = await database.db
        .selectFrom('hardware')
        .leftJoin('devices', 'devices.sn', 'hardware.sn')
        .leftJoin('teams', 'teams.id', 'devices.team_id')
        .select([
          'hardware.sn',
          'hardware.model',
          'hardware.created_at',
          'devices.name as device_name',
          'teams.id as team_id',
          'teams.name as team_name',
        ])
        .orderBy('hardware.id', 'desc')
        .limit(Number.isFinite(limit) && limit > 0 ? limit : 100)
        .execute();
      if (!rows.length) console.log(`No hardware registered (${database.description}).`);
      for (const r of rows) {
        const at = new Date(Number(r.created_at) * 1000).toISOString();
        const binding =
          r.team_id === null
            ? 'not bound'
            : `bound to team ${r.team_id} (${r.team_name}) as ${r.device_name}`;
        console.log(`${r.sn}\t${r.model}\t${at}\t${binding}`);
      }
    } finally {
      await database.close();
    }
    return;
  }

  usage();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
