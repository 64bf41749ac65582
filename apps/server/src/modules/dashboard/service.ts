import type { Dashboard } from '@hmi/contract';
import type { SessionUser } from '../../platform/http/session';
import type { DataPermissionService } from '../data-permissions/service';
import { canSeeDevice } from '../data-permissions/scope';
import type { DeviceRepo } from '../devices/repo';
import { displayPath } from '../devices/service';

/** The data dashboard: counters over the devices the caller sees and their favourite devices. */
export class DashboardService {
  constructor(
    private readonly devices: DeviceRepo,
    private readonly perms: DataPermissionService,
  ) {}

  async get(user: SessionUser): Promise<Dashboard> {
    const scope = await this.perms.scope(user);
    const counters = await this.devices.counters(scope.teamId, scope.all ? null : [...scope.groupIds]);
    const favourites = (await this.devices.favourites(user.id, scope.teamId))
      .filter((d) => canSeeDevice(scope, d))
      .map((d) => ({
        id: d.id,
        name: d.name,
        sn: d.sn,
        model: d.model,
        online: d.online,
        group_path: displayPath(d.group_id, scope.groups),
        // Latest TAG values arrive with device connectivity.
        tags: [],
      }));
    return {
      counters: {
        devices: counters.devices,
        online: counters.online,
        offline: counters.devices - counters.online,
      },
      favourites,
    };
  }
}
