/**
 * Operator commands: `npm run admin -- <command>`.
 *   outbox [--limit N]          the dev outbox (mail and SMS kept instead of sent), newest first
 *   user:activate --account X   activate a pending mail account without its link
 *   device:register --sn SN --pin PIN --model MODEL
 *                               register hardware so a team can bind it; prints the device secret
 *   device:list [--limit N]     registered hardware with its binding (team and device name)
 */
import { ConfigError, loadConfig } from './platform/config';
import { migrate, openDatabase } from './platform/db';
import { readOutbox } from './platform/outbox';
import { checkHardware, registerHardware } from './modules/devices/hardware';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

function usage(): never {
  console.error(
    [
      'usage: npm run admin -- outbox [--limit N]',
      '       npm run admin -- user:activate --account <account>',
      '       npm run admin -- device:register --sn <SN> --pin <PIN> --model <MODEL>',
      '       npm run admin -- device:list [--limit N]',
    ].join('\n'),
  );
  process.exit(2);
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
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
      const key = account.trim().toLowerCase();
      const user = await database.db
        .selectFrom('users')
        .select(['id', 'status'])
        .where('username_key', '=', key)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (!user) {
        console.error(`No account ${account} (${database.description}).`);
        process.exitCode = 1;
        return;
      }
      if (user.status === 'active') {
        console.log(`${account} is already active.`);
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      await database.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ status: 'active' }).where('id', '=', user.id).execute();
        await trx
          .updateTable('activation_tokens')
          .set({ used_at: now })
          .where('user_id', '=', user.id)
          .where('used_at', 'is', null)
          .execute();
      });
      console.log(`${account} is now active.`);
    } finally {
      await database.close();
    }
    return;
  }

  if (command === 'device:register') {
    const input = {
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
    const database = openDatabase(config);
    try {
      await migrate(database);
      const { sn, secret } = await registerHardware(database.db, input, Math.floor(Date.now() / 1000));
      console.log(`Registered ${sn} (${input.model}) in ${database.description}.`);
      console.log(`SN:            ${sn}`);
      console.log(`Device secret: ${secret}`);
      console.log('The secret is shown only now; the device uses it as its MQTT password.');
    } catch (err) {
      console.error(`device:register failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    } finally {
      await database.close();
    }
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
