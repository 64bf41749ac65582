import { DEFAULT_LOCALE, groupWithDescendants, type AlarmSubscription, type Locale } from '@hmi/contract';
import type { Queryable } from '../../platform/db/sql';

/** A member of the team with the alarm mail subscription they hold (null: none). */
export interface Member {
  id: number;
  email: string | null;
  /** Phone number with its country code (SMS), when the account has one. */
  phone: string | null;
  subscription: (AlarmSubscription & { locale: Locale }) | null;
}

/** The locale a member reads alarms in: their subscription's, else the default. */
export function memberLocale(m: Member): Locale {
  return m.subscription?.locale ?? DEFAULT_LOCALE;
}

/** Where a device sits: the main account sees it, sub-accounts through a granted group. */
export interface PlacedDevice {
  id: number;
  team_id: number;
  group_id: number | null;
}

/**
 * Active members of each device's team who may see the device, as data permissions say at this
 * moment (the main account always; a sub-account through a granted group or one of its parents).
 */
export async function membersSeeing(
  q: Queryable,
  devices: readonly PlacedDevice[],
): Promise<Map<number, Member[]>> {
  const out = new Map<number, Member[]>();
  for (const teamId of new Set(devices.map((d) => d.team_id))) {
    const users = await q
      .selectFrom('users')
      .leftJoin('alarm_subscriptions', 'alarm_subscriptions.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.phone',
        'users.is_main',
        'alarm_subscriptions.mail',
        'alarm_subscriptions.sms',
        'alarm_subscriptions.min_level',
        'alarm_subscriptions.escalation',
        'alarm_subscriptions.escalate_after_minutes',
        'alarm_subscriptions.time_zone',
        'alarm_subscriptions.locale',
      ])
      .where('users.team_id', '=', teamId)
      .where('users.status', '=', 'active')
      .where('users.removed_at', 'is', null)
      .orderBy('users.id')
      .execute();
    const subIds = users.filter((u) => u.is_main !== 1).map((u) => u.id);
    const groups = await q
      .selectFrom('device_groups')
      .select(['id', 'parent_id', 'name'])
      .where('team_id', '=', teamId)
      .execute();
    const grants = subIds.length
      ? await q
          .selectFrom('data_permissions')
          .select(['user_id', 'object_id'])
          .where('kind', '=', 'group')
          .where('user_id', 'in', subIds)
          .execute()
      : [];
    const visible = new Map<number, Set<number>>();
    for (const g of grants) {
      let set = visible.get(g.user_id);
      if (!set) visible.set(g.user_id, (set = new Set()));
      for (const id of groupWithDescendants(g.object_id, groups)) set.add(id);
    }
    const members = users.map((u) => ({
      isMain: u.is_main === 1,
      member: {
        id: u.id,
        email: u.email,
        phone: u.phone,
        subscription:
          u.mail === null
            ? null
            : {
                mail: u.mail === 1,
                sms: u.sms === 1,
                min_level: Number(u.min_level),
                escalation: u.escalation === 1,
                escalate_after_minutes: Number(u.escalate_after_minutes),
                locale: u.locale as Locale,
                time_zone: u.time_zone,
              },
      },
    }));
    for (const d of devices.filter((x) => x.team_id === teamId))
      out.set(
        d.id,
        members
          .filter(
            (m) => m.isMain || (d.group_id !== null && (visible.get(m.member.id)?.has(d.group_id) ?? false)),
          )
          .map((m) => m.member),
      );
  }
  return out;
}
