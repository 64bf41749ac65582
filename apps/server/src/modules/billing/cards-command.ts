import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BillingCardType, formatSize } from '@hmi/contract';
import type { Config } from '../../platform/config';
import { migrate, openDatabase } from '../../platform/db';
import { parseSize } from './cards';
import { issueCards, type IssueOptions } from './issue';

export const cardsIssueUsage =
  'npm run admin -- cards:issue --type cloud|remote --count N [--tags N --templates N | --traffic 5GB] [--deadline 2027-12-31 | --deadline-days 365] [--csv file]';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

function wholeNumber(text: string | undefined, fallback: number): number | null {
  if (text === undefined) return fallback;
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The issue options of the command line, or what is wrong with it. */
export function parseCardsIssue(args: string[], now: number): IssueOptions | string {
  const type = option(args, '--type');
  if (type !== 'cloud' && type !== 'remote') return '--type must be cloud or remote';
  const count = wholeNumber(option(args, '--count'), 0);
  if (count === null || count < 1 || count > 10000) return '--count must be 1 to 10000';
  const cloud = type === 'cloud';
  const tagCount = wholeNumber(option(args, '--tags'), 0);
  const templateCount = wholeNumber(option(args, '--templates'), 0);
  if (cloud && (tagCount === null || templateCount === null || tagCount + templateCount === 0))
    return 'a cloud card needs --tags N and/or --templates N (whole numbers)';
  const traffic = option(args, '--traffic');
  const trafficBytes = traffic === undefined ? null : parseSize(traffic);
  if (!cloud && trafficBytes === null) return 'a remote card needs --traffic, e.g. 5GB';
  let activationDeadline: number;
  const deadline = option(args, '--deadline');
  if (deadline !== undefined) {
    const at = /^\d{4}-\d{2}-\d{2}$/.test(deadline) ? Date.parse(`${deadline}T23:59:59Z`) : NaN;
    if (!Number.isFinite(at) || at / 1000 <= now) return '--deadline must be a future date YYYY-MM-DD';
    activationDeadline = at / 1000;
  } else {
    const days = wholeNumber(option(args, '--deadline-days'), 365);
    if (days === null || days < 1) return '--deadline-days must be a whole number of days';
    activationDeadline = now + days * 86400;
  }
  return {
    type: cloud ? BillingCardType.CLOUD_APPLICATION : BillingCardType.REMOTE_ACCESS,
    count,
    tagCount: cloud ? (tagCount ?? 0) : 0,
    templateCount: cloud ? (templateCount ?? 0) : 0,
    trafficBytes: cloud ? 0 : (trafficBytes ?? 0),
    activationDeadline,
    now,
  };
}

/** Passwords and numbers hold no comma or quote, so plain CSV needs no quoting. */
function csvOf(cards: { number: string; password: string }[], o: IssueOptions): string {
  const rows = cards.map((c) =>
    [c.number, c.password, o.type, o.tagCount, o.templateCount, o.trafficBytes, o.activationDeadline].join(
      ',',
    ),
  );
  return (
    ['number,password,type,tag_count,template_count,traffic_bytes,activation_deadline', ...rows].join('\n') +
    '\n'
  );
}

/** `cards:issue`: issues a batch, prints each card and writes the CSV; returns the exit code. */
export async function cardsIssue(
  args: string[],
  config: Config,
  print: (line: string) => void,
  now: number = Math.floor(Date.now() / 1000),
): Promise<number> {
  const o = parseCardsIssue(args, now);
  if (typeof o === 'string') {
    print(`cards:issue refused: ${o}.\nusage: ${cardsIssueUsage}`);
    return 2;
  }
  const database = openDatabase(config);
  try {
    await migrate(database);
    let csv = '';
    const { batch, cards } = await issueCards(database.db, o, (batchId, issued) => {
      csv = resolve(option(args, '--csv') ?? join(config.dataDir, `cards-${batchId}.csv`));
      mkdirSync(dirname(csv), { recursive: true });
      writeFileSync(csv, csvOf(issued, o), { mode: 0o600 });
    });
    const gives =
      o.type === BillingCardType.CLOUD_APPLICATION
        ? `${o.tagCount} TAGs, ${o.templateCount} templates`
        : formatSize(o.trafficBytes);
    const until = new Date(o.activationDeadline * 1000).toISOString().slice(0, 10);
    print(
      `Issued ${cards.length} card(s) of batch ${batch} (${gives}; activate by ${until}) in ${database.description}.`,
    );
    for (const c of cards) print(`${c.number}  ${c.password}`);
    print(`Written to ${csv}. The passwords are shown only now.`);
    return 0;
  } catch (err) {
    print(`cards:issue failed: ${err instanceof Error ? err.message : String(err)}\nNothing was changed.`);
    return 1;
  } finally {
    await database.close();
  }
}
