/**
 * Operator commands: `npm run admin -- <command>`.
 *   outbox [--limit N]          the dev outbox (mail and SMS kept instead of sent), newest first
 *   user:activate --account X   activate a pending mail account without its link
 */
import { ConfigError, loadConfig } from './platform/config';
import { migrate, openDatabase } from './platform/db';
import { readOutbox } from './platform/outbox';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

function usage(): never {
  console.error(
    'usage: npm run admin -- outbox [--limit N]\n       npm run admin -- user:activate --account <account>',
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

  usage();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
