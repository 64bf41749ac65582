/**
 * Alarm flood at the notification layer (issue 26). One team (5 members subscribed to mail and SMS,
 * one webhook) raises `--alarms` alarms evenly over `--seconds`, while 10 quiet teams (one member on
 * mail, one webhook each) raise an alarm every 20 s each. Real parts: SQLite, a real SMTP peer, a real
 * HTTP receiver, the dev SMS outbox, the real AlarmNotifier and webhook worker (the engine's call into
 * them is the one `raised()` call it makes after each committed step).
 *
 * Printed, not asserted: per flooded recipient and channel the most digests in any minute (target
 * ≤ 1) and the one-by-one messages; the quiet teams' delay from raise to mail and to webhook receipt,
 * p50/p99/max, in a baseline phase without the flood and during it (same run), as a ratio (target:
 * max during the flood under 1 s).
 *
 *   npm run alarm-flood -w bench [-- --alarms 1000 --seconds 60 --baseline 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { AlarmNotifier } from '@hmi/server/src/modules/alarms/notify';
import type { Member } from '@hmi/server/src/modules/alarms/audience';
import type { EngineRule } from '@hmi/server/src/modules/alarms/engine/rules';
import { installNotifyChannels } from '@hmi/server/src/modules/notify-channels';
import { Bus } from '@hmi/server/src/platform/bus';
import { systemClock } from '@hmi/server/src/platform/clock';
import { migrate, openDatabase } from '@hmi/server/src/platform/db';
import { SmtpMailer } from '@hmi/server/src/platform/mail';
import { OutboxSms } from '@hmi/server/src/platform/sms';
import { percentile } from '@hmi/server/src/test/flood';
import { startSmtp } from '@hmi/server/src/test/smtp';
import { startReceiver } from '@hmi/server/src/test/webhook-receiver';
import { textTable } from './text-table';

const { values } = parseArgs({
  options: {
    alarms: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    baseline: { type: 'string', default: '20' },
  },
});
const ALARMS = Number(values.alarms);
const SECONDS = Number(values.seconds);
const BASELINE = Number(values.baseline);
const QUIET_TEAMS = 10;
const FLOOD_MEMBERS = 5;
const QUIET_EVERY_MS = 20_000;

const dir = mkdtempSync(join(tmpdir(), 'bench-alarm-flood-'));
/** A logger that drops everything (the bench prints its own table). */
const quietLog = (): FastifyBaseLogger => {
  const nop = () => undefined;
  const l = {
    level: 'silent',
    fatal: nop,
    error: nop,
    warn: nop,
    info: nop,
    debug: nop,
    trace: nop,
    silent: nop,
  };
  return Object.assign(l, { child: () => quietLog() }) as unknown as FastifyBaseLogger;
};
const log = quietLog();
const d = openDatabase({ databaseUrl: null, dataDir: dir });
await migrate(d);
const smtp = await startSmtp();
const rx = await startReceiver();
const mailAt = new Map<string, number>();
const mailTimes = new WeakMap<object, number>();
const push = smtp.inbox.push.bind(smtp.inbox);
smtp.inbox.push = (...mails) => {
  for (const m of mails) {
    mailTimes.set(m, performance.now());
    const tag = /quiet-(\d+-\d+)/.exec(m.raw)?.[1];
    if (tag) mailAt.set(tag, performance.now());
  }
  return push(...mails);
};

const onClose: (() => Promise<void>)[] = [];
const ctx = { db: d.db, clock: systemClock, bus: new Bus(), registerCall: () => undefined };
const channels = installNotifyChannels(ctx, {
  targets: 'loopback',
  log,
  onShutdown: (fn) => onClose.push(fn),
});
const notifier = new AlarmNotifier({
  db: d.db,
  messages: { write: async () => undefined },
  mailer: new SmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'bench <bench@hmi.local>'),
  sms: new OutboxSms(dir, log),
  channels,
  bus: ctx.bus,
  clock: systemClock,
  log,
});
notifier.start();

const now = () => Math.floor(Date.now() / 1000);
async function team(name: string): Promise<number> {
  const t = await d.db
    .insertInto('teams')
    .values({ name, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await d.db
    .insertInto('webhooks')
    .values({
      team_id: t.id,
      name,
      url: rx.url(`/${name}`),
      secret: `s-${name}`,
      min_level: 1,
      enabled: 1,
      created_at: now(),
    })
    .execute();
  rx.trust(`/${name}`, `s-${name}`);
  return t.id;
}
const member = (id: number, sms: boolean): Member => ({
  id,
  email: `m${id}@bench.local`,
  phone: sms ? `+86138000${String(id).padStart(5, '0')}` : null,
  subscription: {
    mail: true,
    sms,
    min_level: 1,
    escalation: false,
    escalate_after_minutes: 0,
    locale: 'en-US',
  },
});
const rule = {
  id: 1,
  name: 'hot',
  level: 16,
  type: 'limit',
  condition: 2,
  content: 'too hot',
  tagName: 'temp',
} as EngineRule;
let recordId = 0;
function raise(teamId: number, audience: Member[], value: string): void {
  recordId += 1;
  notifier.raised({
    recordIds: new Map(),
    teams: new Set([teamId]),
    raised: [
      {
        recordId,
        rule,
        device: { id: teamId, team_id: teamId, name: `dev${teamId}`, sn: `SN${teamId}` },
        value,
        at: now(),
        audience,
      },
    ],
  });
}

const floodTeam = await team('flood');
const floodMembers = Array.from({ length: FLOOD_MEMBERS }, (_, i) => member(1000 + i, true));
const quiet = await Promise.all(
  Array.from({ length: QUIET_TEAMS }, async (_, i) => ({
    teamId: await team(`quiet${i}`),
    who: member(2000 + i, false),
  })),
);

interface Sample {
  mail: number | null;
  hook: number | null;
}
/** Quiet teams raise one alarm every QUIET_EVERY_MS each (staggered) for `seconds`; their delays. */
async function quietPhase(phase: string, seconds: number): Promise<Sample[]> {
  const sent = new Map<string, number>();
  const step = QUIET_EVERY_MS / QUIET_TEAMS;
  const end = performance.now() + seconds * 1000;
  for (let n = 0; performance.now() < end; n++) {
    const q = quiet[n % QUIET_TEAMS];
    if (!q) break;
    const tag = `${phase}${n}-${q.teamId}`;
    sent.set(tag, performance.now());
    raise(q.teamId, [q.who], `quiet-${tag}`);
    await delay(step);
  }
  await delay(2000);
  await notifier.idle();
  return [...sent].map(([tag, t0]) => {
    const hook = rx.received.find(
      (r) => (r.body.alarm as { value?: string } | undefined)?.value === `quiet-${tag}`,
    );
    const hookAt = hook ? hookTimes.get(hook) : undefined;
    const mail = mailAt.get(tag);
    return { mail: mail === undefined ? null : mail - t0, hook: hookAt === undefined ? null : hookAt - t0 };
  });
}
const hookTimes = new WeakMap<object, number>();
const rxPush = rx.received.push.bind(rx.received);
rx.received.push = (...items) => {
  for (const r of items) hookTimes.set(r, performance.now());
  return rxPush(...items);
};

console.log(`baseline: ${QUIET_TEAMS} quiet teams for ${BASELINE} s …`);
const base = await quietPhase('1', BASELINE);
console.log(`flood: ${ALARMS} alarms of one team over ${SECONDS} s, quiet teams as before …`);
const flood = (async () => {
  const gap = (SECONDS * 1000) / ALARMS;
  const t0 = performance.now();
  for (let i = 0; i < ALARMS; i++) {
    raise(floodTeam, floodMembers, `flood-${i}`);
    const wait = t0 + (i + 1) * gap - performance.now();
    if (wait > 0) await delay(wait);
  }
})();
const during = await quietPhase('2', SECONDS);
await flood;
// The last window's digests.
await delay(61_000);
await notifier.close();
for (const fn of onClose) await fn();

const stat = (xs: (number | null)[]) => {
  const got = xs.filter((x): x is number => x !== null);
  return {
    n: got.length,
    lost: xs.length - got.length,
    p50: percentile(got, 50),
    p99: percentile(got, 99),
    max: Math.max(0, ...got),
  };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const rows: string[][] = [];
for (const channel of ['mail', 'hook'] as const) {
  const b = stat(base.map((s) => s[channel]));
  const f = stat(during.map((s) => s[channel]));
  rows.push([
    channel === 'mail' ? 'quiet team mail' : 'quiet team webhook',
    `${b.n} / ${ms(b.p50)} / ${ms(b.p99)} / ${ms(b.max)}`,
    `${f.n} (${f.lost} lost) / ${ms(f.p50)} / ${ms(f.p99)} / ${ms(f.max)}`,
    (f.p99 / Math.max(b.p99, 0.001)).toFixed(2),
    f.max < 1000 && f.lost === 0 ? 'yes' : 'no',
  ]);
}
console.log(
  textTable(
    ['delay raise → receipt', 'baseline n / p50 / p99 / max', 'during flood', 'p99 ratio', '< 1 s'],
    rows,
  ),
);

// Per flooded recipient and channel: one-by-one messages, digests, and the most digests in a minute.
const floodMails = smtp.inbox.filter((m) => floodMembers.some((fm) => m.to.includes(fm.email ?? '')));
const floodHooks = rx.received.filter((r) => r.path === '/flood');
const perMinute = (times: number[]) => {
  let most = 0;
  for (const t of times) most = Math.max(most, times.filter((u) => u >= t && u < t + 60_000).length);
  return most;
};
const first = floodMembers[0]?.email ?? '';
const mine = floodMails.filter((m) => m.to.includes(first));
const digestMails = mine.filter((m) => m.raw.includes('Alarm flood'));
const digestHooks = floodHooks.filter((r) => r.event === 'digest');
console.log(
  textTable(
    ['flooded recipient', 'alarms', 'one by one', 'digests', 'most digests in a minute (≤ 1)'],
    [
      [
        'member mail',
        String(ALARMS),
        String(mine.length - digestMails.length),
        String(digestMails.length),
        String(perMinute(digestMails.map((m) => mailTimes.get(m) ?? 0))),
      ],
      [
        'team webhook',
        String(ALARMS),
        String(floodHooks.length - digestHooks.length),
        String(digestHooks.length),
        String(perMinute(digestHooks.map((r) => hookTimes.get(r) ?? 0))),
      ],
    ],
  ),
);
console.log(
  `flood mails in all (${FLOOD_MEMBERS} members): ${floodMails.length}; digests count every alarm: ${digestHooks.reduce((n, r) => n + Number(r.body.total), 0) + floodHooks.length - digestHooks.length} of ${ALARMS}`,
);
await smtp.close();
await rx.close();
await d.close();
rmSync(dir, { recursive: true, force: true });
