import { createAlarmRule, listAlarms, topics, type AlarmRecord, type AlarmRuleInput } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import type { TestAccount } from './accounts';
import type { Harness } from './harness';
import { nextLive } from './mqtt';
import { ok } from './registry';

/** Sample times of the alarm tests: 2026-03-01 08:00:00 UTC plus the offset. */
export const T0 = Date.UTC(2026, 2, 1, 8, 0, 0);

/** Adds a rule through the rules API; returns its id. */
/** A limit rule on a temperature TAG: alarm at 80, back below 75 (the engine tests' usual one). */
export const HOT_RULE = {
  name: 'hot',
  level: 16,
  alarm_value: '80',
  deadband: '5',
  content: 'too hot',
} as const;

export async function addRule(
  h: Harness,
  account: TestAccount,
  templateId: number,
  rule: Partial<AlarmRuleInput> & Pick<AlarmRuleInput, 'name' | 'tag_id'>,
): Promise<number> {
  const r = await ok(h, account, createAlarmRule, {
    params: { id: templateId },
    body: {
      level: 8,
      type: 'limit',
      condition: 2,
      ...rule,
    },
  });
  return r.id;
}

/**
 * A device publisher: each `send` publishes the next batch and resolves once ingest stored it and the
 * alarm engine has evaluated and written it (no waiting on time). Sequence numbers follow `lastSeq`.
 */
export function publisher(h: Harness, client: MqttClient, sn: string, deviceId: number, lastSeq = 0) {
  let seq = lastSeq;
  const publishAt = async (s: number, values: { tag: string; value: unknown; ts: number }[]) => {
    const stored = nextLive(h, (e) => e.type === 'values' && e.device_id === deviceId);
    await client.publishAsync(topics.tags(sn), JSON.stringify({ v: 1, seq: s, values }), { qos: 1 });
    await stored;
    await h.app.alarms.engine.idle();
  };
  return {
    /** Publishes one value of `tag` taken `atS` seconds after T0. */
    async send(tag: string, value: unknown, atS: number): Promise<void> {
      seq += 1;
      await publishAt(seq, [{ tag, value, ts: T0 + atS * 1000 }]);
    },
    /** Publishes one batch of several values. */
    async sendBatch(values: readonly { tag: string; value: unknown; atS: number }[]): Promise<void> {
      seq += 1;
      await publishAt(
        seq,
        values.map((v) => ({ tag: v.tag, value: v.value, ts: T0 + v.atS * 1000 })),
      );
    },
    /** Publishes batch number `s` again, as a redelivery would (nothing is stored: no live event). */
    async resend(s: number, tag: string, value: unknown, atS: number): Promise<void> {
      await client.publishAsync(
        topics.tags(sn),
        JSON.stringify({ v: 1, seq: s, values: [{ tag, value, ts: T0 + atS * 1000 }] }),
        { qos: 1 },
      );
    },
    get seq() {
      return seq;
    },
  };
}

/** The caller's alarm records of a device, newest first. */
export async function recordsOf(h: Harness, account: TestAccount, deviceId: number): Promise<AlarmRecord[]> {
  const r = await ok(h, account, listAlarms, { query: { device_id: deviceId, pageSize: 200 } });
  return r.list;
}

/** Subject line of a raw mail, decoded from RFC 2047 UTF-8 words. */
export function subjectOf(raw: string): string {
  const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  if (!m?.[1]) return '';
  return m[1]
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}
