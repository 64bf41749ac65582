import { BillingCardStatus, type BillingCard } from '@hmi/contract';
import type { BillingCardRow } from '../../platform/db/schema-billing';
import { sees, type Scope } from '../data-permissions';
import type { CardTypeValue } from './cards';

type CardStatusValue = (typeof BillingCardStatus)[keyof typeof BillingCardStatus];

export function cardStatus(c: { activated_at: number | null; expires_at: number | null }, now: number) {
  const status: CardStatusValue =
    c.activated_at === null
      ? BillingCardStatus.NOT_ACTIVATED
      : Number(c.expires_at) > now
        ? BillingCardStatus.ACTIVE
        : BillingCardStatus.OUTDATED;
  return status;
}

export type CardViewRow = BillingCardRow & {
  activated_by_name: string | null;
  device_name: string | null;
  device_group_id: number | null;
};

/** A card as the API shows it; a device the caller may not see is not named. */
export function toCard(r: CardViewRow, now: number, scope: Scope): BillingCard {
  const shown =
    r.device_id !== null && sees(scope, 'device', { team_id: scope.teamId, group_id: r.device_group_id });
  return {
    id: r.id,
    number: r.number,
    type: r.type as CardTypeValue,
    status: cardStatus(r, now),
    tag_count: r.tag_count,
    template_count: r.template_count,
    traffic_bytes: Number(r.traffic_bytes),
    used_bytes: Number(r.used_bytes),
    remaining_bytes: Number(r.traffic_bytes) - Number(r.used_bytes),
    activation_deadline: Number(r.activation_deadline),
    activated_at: r.activated_at === null ? null : Number(r.activated_at),
    expires_at: r.expires_at === null ? null : Number(r.expires_at),
    activated_by_name: r.activated_by_name,
    device_id: shown ? r.device_id : null,
    device_name: shown ? r.device_name : null,
  };
}

export function toAllocation(
  r: {
    id: number;
    device_id: number;
    tag_count: number;
    frequency_min: number;
    starts_at: number;
    ends_at: number;
  },
  deviceName: string,
  now: number,
) {
  return {
    id: r.id,
    device_id: r.device_id,
    device_name: deviceName,
    tag_count: r.tag_count,
    frequency_min: r.frequency_min,
    starts_at: Number(r.starts_at),
    ends_at: Number(r.ends_at),
    current: Number(r.starts_at) <= now && Number(r.ends_at) > now,
  };
}
