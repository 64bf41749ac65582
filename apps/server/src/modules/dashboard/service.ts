import {
  alarmLevels,
  DASHBOARD_CARD_TAGS_MAX,
  DASHBOARD_EXPIRY_DAYS,
  hasPermission,
  Permission,
  type Dashboard,
} from '@hmi/contract';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { SessionUser } from '../../platform/http/session';
import { sees, type DataPermissionService } from '../data-permissions';
import { displayPath } from '../devices';
import type { DashboardRepo } from './repo';

type CardTag = Dashboard['favourites'][number]['tags'][number];

/** The data dashboard: counters over the devices the caller sees and their favourite devices. */
export class DashboardService {
  constructor(
    private readonly repo: DashboardRepo,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
  ) {}

  /** Active alarms; with the account view (17) also expiring cards and devices low on traffic. */
  private async warnings(
    user: SessionUser,
    teamId: number,
    groupIds: readonly number[] | null,
    now: number,
  ): Promise<Dashboard['warnings']> {
    const active = await this.repo.activeAlarms(teamId, groupIds, now);
    const alarms = {
      active_by_level: alarmLevels.map((level) => ({
        level,
        count: active.find((r) => r.level === level)?.n ?? 0,
      })),
      unacknowledged: active.reduce((n, r) => n + r.unacked, 0),
    };
    if (!hasPermission({ is_main: user.isMain, permissions: user.permissions }, Permission.ACCOUNT_VIEW))
      return alarms;
    const [cards, low] = await Promise.all([
      this.repo.expiringCards(teamId, now, now + DASHBOARD_EXPIRY_DAYS * 86_400),
      this.repo.lowTraffic(teamId, groupIds, now),
    ]);
    return {
      ...alarms,
      cards_expiring: cards.map((c) => ({
        id: c.id,
        number_tail: c.number_tail,
        type: Number(c.type),
        expires_at: Number(c.expires_at),
        device_name: c.device_name,
      })),
      low_traffic: low,
    };
  }

  async get(user: SessionUser): Promise<Dashboard> {
    const scope = await this.perms.scope(user);
    const at = epochSeconds(this.clock);
    const groupIds = scope.all ? null : [...scope.groupIds];
    const counters = await this.repo.counters(scope.teamId, groupIds);
    const visible = (await this.repo.favourites(user.id, scope.teamId)).filter((d) =>
      sees(scope, 'device', d),
    );
    const rows = await this.repo.cardTags(
      visible.map((d) => d.id),
      DASHBOARD_CARD_TAGS_MAX,
    );
    const tags = new Map<number, CardTag[]>();
    for (const r of rows) {
      let list = tags.get(r.device_id);
      if (!list) tags.set(r.device_id, (list = []));
      list.push({ id: r.id, name: r.name, value: r.value, time: r.ts });
    }
    return {
      at,
      warnings: await this.warnings(user, scope.teamId, groupIds, at),
      counters: {
        devices: counters.devices,
        online: counters.online,
        offline: counters.devices - counters.online,
      },
      favourites: visible.map((d) => ({
        id: d.id,
        name: d.name,
        sn: d.sn,
        model: d.model,
        online: d.online,
        group_id: d.group_id,
        group_path: displayPath(d.group_id, scope.groups),
        tags: tags.get(d.id) ?? [],
      })),
    };
  }
}
