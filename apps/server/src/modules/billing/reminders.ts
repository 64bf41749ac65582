import { BillingMessageType } from '@hmi/contract';

/** Days before an expiry at which a reminder is due. */
export const EXPIRY_DAYS = [30, 7, 1] as const;
/** Percentages of a Remote Access card used at which a traffic alert is due. */
export const TRAFFIC_PERCENT = [80, 95, 100] as const;
/** A low-TAG notice is due when free TAGs fall below this percentage of the pool. */
export const LOW_POOL_PERCENT = 10;

export interface ReminderInput {
  /** Epoch seconds. */
  now: number;
  /** Activated cards still in their validity. */
  cards: {
    id: number;
    team_id: number;
    type: number;
    number: string;
    expires_at: number;
    traffic_bytes: number;
    used_bytes: number;
    device_id: number | null;
  }[];
  /** Current TAG allocations. */
  allocations: { id: number; team_id: number; device_id: number; device_name: string; ends_at: number }[];
  pools: { team_id: number; pool: number; free: number }[];
  /** Keys (`noticeKey`) of notices already sent. */
  sent: ReadonlySet<string>;
}

export interface Notice {
  team_id: number;
  /** Billing message type 1-5. */
  kind: number;
  subject: string;
  threshold: number;
  params: Record<string, string | number>;
}

export function noticeKey(n: { subject: string; kind: number; threshold: number }): string {
  return `${n.subject}|${n.kind}|${n.threshold}`;
}

export interface ReminderPlan {
  /** To send now, at most one per subject and kind. */
  notices: Notice[];
  /** To record as sent: the notices plus the looser thresholds they make pointless. */
  marks: Notice[];
}

/**
 * The notices due at `now`, each once: of the thresholds a subject has crossed only the tightest is
 * sent (a job that first runs 5 days before an expiry sends the 7-day reminder, not also the 30-day
 * one), and all crossed thresholds are marked so none is sent later.
 */
export function planReminders(input: ReminderInput): ReminderPlan {
  const plan: ReminderPlan = { notices: [], marks: [] };
  const add = (base: Omit<Notice, 'threshold'>, crossed: readonly number[]) => {
    const fresh = crossed.filter((threshold) => !input.sent.has(noticeKey({ ...base, threshold })));
    const tightest = crossed[crossed.length - 1];
    if (tightest === undefined || !fresh.includes(tightest)) return;
    plan.notices.push({ ...base, threshold: tightest });
    for (const threshold of fresh) plan.marks.push({ ...base, threshold });
  };
  const daysCrossed = (expiresAt: number) =>
    EXPIRY_DAYS.filter((d) => expiresAt > input.now && expiresAt - input.now <= d * 86400);

  for (const c of input.cards) {
    const kind =
      c.type === 1 ? BillingMessageType.CLOUD_APPLICATION_EXPIRY : BillingMessageType.REMOTE_ACCESS_EXPIRY;
    add(
      {
        team_id: c.team_id,
        kind,
        subject: `card:${c.id}`,
        params: { number: c.number, expires_at: c.expires_at },
      },
      daysCrossed(c.expires_at),
    );
    if (c.type === 2 && c.traffic_bytes > 0) {
      const percent = (c.used_bytes * 100) / c.traffic_bytes;
      add(
        {
          team_id: c.team_id,
          kind: BillingMessageType.LOW_DEVICE_TRAFFIC,
          subject: `card:${c.id}`,
          params: {
            number: c.number,
            used_bytes: c.used_bytes,
            traffic_bytes: c.traffic_bytes,
            ...(c.device_id !== null ? { device_id: c.device_id } : {}),
          },
        },
        TRAFFIC_PERCENT.filter((p) => percent >= p),
      );
    }
  }
  for (const a of input.allocations)
    add(
      {
        team_id: a.team_id,
        kind: BillingMessageType.DEVICE_TAG_EXPIRY,
        subject: `allocation:${a.id}`,
        params: { device_id: a.device_id, device_name: a.device_name, expires_at: a.ends_at },
      },
      daysCrossed(a.ends_at),
    );
  for (const p of input.pools)
    if (p.pool > 0 && p.free * 100 < p.pool * LOW_POOL_PERCENT)
      // Keyed by the pool's size: after a new card fills it, a later shortage is news again.
      add(
        {
          team_id: p.team_id,
          kind: BillingMessageType.LOW_ACCOUNT_TAG,
          subject: `team:${p.team_id}:${p.pool}`,
          params: { pool: p.pool, free: p.free },
        },
        [LOW_POOL_PERCENT],
      );
  return plan;
}
