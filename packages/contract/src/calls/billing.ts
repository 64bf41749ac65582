import { z } from 'zod';
import { defineCall } from '../call';
import { limits } from '../constants';
import { Permission } from '../permissions';
import { BillingCardStatus, BillingCardType } from '../tables';
import { bodyId, epoch, idParams, pageOf, pageQuery, queryId, typeError } from '../zod-helpers';

/** Collection frequencies a TAG allocation may choose, in minutes. */
export const allocationFrequencies = [1, 5, 10, 15, 30, 60] as const;

/** A month of the traffic ledger, UTC, `YYYY-MM`. */
export const monthSchema = z.string().regex(/^\d{4}-\d{2}$/);

const cardTypeValue = z.union([
  z.literal(BillingCardType.CLOUD_APPLICATION),
  z.literal(BillingCardType.REMOTE_ACCESS),
]);
const cardStatusValue = z.union([
  z.literal(BillingCardStatus.NOT_ACTIVATED),
  z.literal(BillingCardStatus.ACTIVE),
  z.literal(BillingCardStatus.OUTDATED),
]);
/** A page of cards or recharges, optionally of one card type. */
const cardTypeQuery = pageQuery.extend({
  type: z.coerce.number(typeError).pipe(z.union(cardTypeValue.options, 'enum')).optional(),
});

/** A card of the caller's team. Sizes in bytes; the web formats them. */
export const billingCard = z.object({
  id: z.number().int(),
  number: z.string(),
  type: cardTypeValue,
  status: cardStatusValue,
  tag_count: z.number().int(),
  template_count: z.number().int(),
  traffic_bytes: z.number().int(),
  used_bytes: z.number().int(),
  remaining_bytes: z.number().int(),
  activation_deadline: epoch,
  activated_at: epoch.nullable(),
  expires_at: epoch.nullable(),
  activated_by_name: z.string().nullable(),
  /** The device a Remote Access card is allocated to (only it consumes the card). */
  device_id: z.number().int().nullable(),
  device_name: z.string().nullable(),
});
export type BillingCard = z.infer<typeof billingCard>;

/** What a card gives, shown before it is activated. */
export const cardOffer = z.object({
  number: z.string(),
  type: cardTypeValue,
  tag_count: z.number().int(),
  template_count: z.number().int(),
  traffic_bytes: z.number().int(),
  validity_days: z.number().int(),
  activation_deadline: epoch,
});

/** Remaining traffic and limits are null when billing is off (unlimited). */
export const billingAccount = z.object({
  billing_enabled: z.boolean(),
  tags: z.object({ pool: z.number().int(), allocated: z.number().int(), free: z.number().int() }),
  templates: z.object({ allowed: z.number().int().nullable(), used: z.number().int() }),
  projects: z.object({ allowed: z.number().int().nullable(), used: z.number().int() }),
  traffic: z.object({
    total: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int().nullable(),
  }),
});

export const tagAllocation = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  tag_count: z.number().int(),
  frequency_min: z.number().int(),
  starts_at: epoch,
  ends_at: epoch,
  /** The device's allocation in force now (an upgrade ends the one before). */
  current: z.boolean(),
});

export const trafficSwitch = z.object({
  on: z.boolean(),
  /** Month it was last turned on; it can be turned off from the next month on. */
  on_month: monthSchema.nullable(),
  /** Month it is turned off for; it is on again from the first day of the next month. */
  off_month: monthSchema.nullable(),
  /** When turning it off becomes possible (null: possible now, or it is off). */
  can_turn_off_from: epoch.nullable(),
  /** When a turn-off ends (null: not turned off). */
  on_again_at: epoch.nullable(),
});

export const deviceBilling = z.object({
  device_id: z.number().int(),
  billing_enabled: z.boolean(),
  allocation: tagAllocation.nullable(),
  /**
   * What TAG history is stored: `all` (billing off), `none` (no allocation: live values, alarms
   * and writes still work), `limited` (the first `tag_count` history TAGs, one sample per
   * `frequency_min`).
   */
  history: z.object({
    mode: z.enum(['all', 'none', 'limited']),
    tag_count: z.number().int().nullable(),
    frequency_min: z.number().int().nullable(),
    /** History-saving TAGs of the device's template. */
    history_tags: z.number().int(),
  }),
  traffic_switch: trafficSwitch,
  month: monthSchema,
  month_bytes: z.number().int(),
  remaining_bytes: z.number().int().nullable(),
});

export const recharge = z.object({
  card_id: z.number().int(),
  number: z.string(),
  type: cardTypeValue,
  tag_count: z.number().int(),
  template_count: z.number().int(),
  traffic_bytes: z.number().int(),
  activated_at: epoch,
  expires_at: epoch,
  activated_by_name: z.string().nullable(),
});

const cardInput = z.object({
  type: z.union(cardTypeValue.options, 'enum'),
  card_no: z.string(typeError).trim().toUpperCase().length(limits.cardNumberTail, 'cardNumberLength'),
  password: z.string(typeError).trim().min(1, 'required').max(32, 'tooLong'),
});
/** Checking and activating a card: either top-up right (the service checks the one of the card's type). */
const topUp = { anyOf: [Permission.ACCOUNT_CLOUD_TOPUP, Permission.ACCOUNT_REMOTE_TOPUP] } as const;

export const getBillingAccount = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_VIEW,
  id: 'getBillingAccount',
  method: 'GET',
  path: '/billing/account',
  summary: 'The team’s TAG pool (total, allocated, free), template and project allowance, and traffic',
  response: billingAccount,
});

export const listBillingCards = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_VIEW,
  id: 'listBillingCards',
  method: 'GET',
  path: '/billing/cards',
  summary: 'Cards activated by the team, newest first; filters type and status',
  query: cardTypeQuery.extend({
    status: z.coerce.number(typeError).pipe(z.union(cardStatusValue.options, 'enum')).optional(),
  }),
  response: pageOf(billingCard),
});

export const getBillingCard = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_VIEW,
  id: 'getBillingCard',
  method: 'GET',
  path: '/billing/cards/:id',
  summary: 'Billing detail of one card of the team: the card and its usage per device and month',
  params: idParams,
  response: z.object({
    card: billingCard,
    usage: z.array(
      z.object({
        month: monthSchema,
        device_id: z.number().int(),
        device_name: z.string().nullable(),
        bytes: z.number().int(),
      }),
    ),
  }),
});

export const checkBillingCard = defineCall({
  auth: 'session',
  permission: topUp,
  id: 'checkBillingCard',
  method: 'POST',
  path: '/billing/cards/check',
  summary:
    'What a card gives, without activating it (18 for Cloud Application, 20 for Remote Access; 1043, 1044, 1045 activated by this team, 1050 by another, 1201 after too many wrong tries)',
  body: cardInput,
  response: cardOffer,
});

export const activateBillingCard = defineCall({
  auth: 'session',
  permission: topUp,
  id: 'activateBillingCard',
  method: 'POST',
  path: '/billing/cards/activate',
  summary:
    'Activate a card for the team by the last 8 characters of its number and its password; valid one year (1043, 1044, 1045, 1050, 1201 as for check)',
  body: cardInput,
  response: billingCard,
});

export const createAllocation = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_TAG_ALLOCATION,
  id: 'createAllocation',
  method: 'POST',
  path: '/billing/allocations',
  summary:
    'Allocate TAGs from the free pool to a device, irreversibly; a later one must be a level up (1006 tag_count poolExceeded / levelDown)',
  body: z.object({
    device_id: bodyId,
    tag_count: z.number(typeError).int('integer').positive('range').max(100000, 'range'),
    frequency_min: z.union(
      allocationFrequencies.map((f) => z.literal(f)),
      'enum',
    ),
  }),
  response: tagAllocation,
});

export const listAllocations = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_VIEW,
  id: 'listAllocations',
  method: 'GET',
  path: '/billing/allocations',
  summary: 'TAG allocations of the devices the caller sees, newest first; device filter',
  query: pageQuery.extend({ device_id: queryId.optional() }),
  response: pageOf(tagAllocation),
});

export const allocateCard = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_CARD_ALLOCATION,
  id: 'allocateCard',
  method: 'POST',
  path: '/billing/cards/:id/allocate',
  summary:
    'Allocate an active Remote Access card to one device, which alone consumes it from then on (1006 id cardType / cardOutdated, device_id cardAllocated)',
  params: idParams,
  body: z.object({ device_id: bodyId }),
  response: billingCard,
});

export const getDeviceBilling = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'getDeviceBilling',
  method: 'GET',
  path: '/devices/:id/billing',
  summary:
    'A device’s TAG allocation and what history it stores, its traffic switch, this month’s traffic and what remains',
  params: idParams,
  response: deviceBilling,
});

export const setTrafficSwitch = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_CARD_ALLOCATION,
  id: 'setTrafficSwitch',
  method: 'PUT',
  path: '/devices/:id/traffic-switch',
  summary:
    'Turn a device’s remote traffic on or off; off is refused in the month it was turned on (1006 on switchLockedThisMonth) and lasts until the month ends',
  params: idParams,
  body: z.object({ on: z.boolean(typeError) }),
  response: trafficSwitch,
});

export const listRecharges = defineCall({
  auth: 'session',
  permission: Permission.RECHARGE_VIEW,
  id: 'listRecharges',
  method: 'GET',
  path: '/billing/recharges',
  summary: 'Card activations of the team, newest first; type filter',
  query: cardTypeQuery,
  response: pageOf(recharge),
});

export const monthTraffic = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_VIEW,
  id: 'monthTraffic',
  method: 'POST',
  path: '/diacom/monthtraffic',
  summary:
    'Traffic per UTC month (the last `months`, oldest first) of one device or of the devices the caller sees, and per device this month',
  body: z.object({
    device_id: bodyId.optional(),
    months: z.number(typeError).int('integer').min(1, 'range').max(24, 'range').default(12),
  }),
  response: z.object({
    months: z.array(z.object({ month: monthSchema, bytes: z.number().int() })),
    devices: z.array(
      z.object({ device_id: z.number().int(), device_name: z.string(), bytes: z.number().int() }),
    ),
  }),
});

export const billingCalls = [
  getBillingAccount,
  listBillingCards,
  checkBillingCard,
  activateBillingCard,
  getBillingCard,
  createAllocation,
  listAllocations,
  allocateCard,
  getDeviceBilling,
  setTrafficSwitch,
  listRecharges,
  monthTraffic,
] as const;
