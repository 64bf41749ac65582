import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions';
import type { DeviceService } from '../devices';
import { ZoneGuard } from './enforce';
import { ZoneRepo } from './repo';
import { zoneRoutes } from './routes';
import { ZoneService } from './service';

/** The security-zone calls; returns the service roles check zone ids with and the operation guard. */
export function installZones(
  ctx: InstallContext,
  d: { perms: DataPermissionService; devices: DeviceService },
): { zones: ZoneService; guard: ZoneGuard } {
  const zones = new ZoneService(new ZoneRepo(ctx.db), d.devices, d.perms, ctx.clock, ctx.bus);
  zoneRoutes(ctx.registerCall, zones);
  return { zones, guard: new ZoneGuard(ctx.db, d.perms) };
}
