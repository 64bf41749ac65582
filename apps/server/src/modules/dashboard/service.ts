import { DASHBOARD_CARD_TAGS_MAX, type Dashboard } from '@hmi/contract';
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

  async get(user: SessionUser): Promise<Dashboard> {
    const scope = await this.perms.scope(user);
    const at = epochSeconds(this.clock);
    const counters = await this.repo.counters(scope.teamId, scope.all ? null : [...scope.groupIds]);
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
      list.push({ name: r.name, value: r.value, time: r.ts });
    }
    return {
      at,
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
