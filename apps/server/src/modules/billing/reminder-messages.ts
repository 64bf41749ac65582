import { BillingMessageType, formatSize, type MessageParams } from '@hmi/contract';
import type { Notice } from './reminders';

/** `YYYY-MM-DD` (UTC) of epoch seconds: a date every locale's text can show as it is. */
function dayOf(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}

/**
 * A reminder as a billing message: structured params the web words in the reader's locale (keys
 * `message:team.<type>`, like the team messages 6-9), and an English title and text for readers
 * that show the stored text.
 */
export function reminderMessage(n: Notice): { title: string; content: string; params: MessageParams } {
  const p = n.params;
  switch (n.kind) {
    case BillingMessageType.REMOTE_ACCESS_EXPIRY:
    case BillingMessageType.CLOUD_APPLICATION_EXPIRY: {
      const params = { ...p, days: n.threshold, expires_on: dayOf(Number(p.expires_at)) };
      const what =
        n.kind === BillingMessageType.CLOUD_APPLICATION_EXPIRY ? 'Cloud Application' : 'Remote Access';
      return {
        title: `${what} card expires soon`,
        content: `${what} card ${p.number} expires on ${params.expires_on} (within ${n.threshold} days)`,
        params,
      };
    }
    case BillingMessageType.DEVICE_TAG_EXPIRY: {
      const params = { ...p, days: n.threshold, expires_on: dayOf(Number(p.expires_at)) };
      return {
        title: 'Device TAG allocation expires soon',
        content: `The TAG allocation of device ${p.device_name} ends on ${params.expires_on} (within ${n.threshold} days); history stops then`,
        params,
      };
    }
    case BillingMessageType.LOW_DEVICE_TRAFFIC: {
      const used = formatSize(Number(p.used_bytes));
      const total = formatSize(Number(p.traffic_bytes));
      const params = { ...p, percent: n.threshold, used, total };
      return {
        title: n.threshold >= 100 ? 'Remote Access traffic used up' : 'Remote Access traffic running low',
        content: `Remote Access card ${p.number} has used ${used} of ${total} (${n.threshold} %)`,
        params,
      };
    }
    default:
      return {
        title: 'Few TAGs left in the account',
        content: `${p.free} of ${p.pool} TAGs are free (under ${n.threshold} %)`,
        params: { ...p, percent: n.threshold },
      };
  }
}
