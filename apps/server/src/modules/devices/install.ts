import type { InstallContext } from '../../platform/install';
import type { BillingApi } from '../billing';
import type { DataPermissionService } from '../data-permissions';
import type { LabelService } from '../labels';
import type { TemplateService } from '../templates';
import { DeviceRepo } from './repo';
import { deviceRoutes } from './routes';
import { DeviceService } from './service';

/** The device calls; returns the service other modules read the device registry through. */
export function installDevices(
  ctx: InstallContext,
  d: {
    perms: DataPermissionService;
    templates: TemplateService;
    labels: LabelService;
    billing: Pick<BillingApi, 'deviceSummaries' | 'reattachAllocations'>;
  },
): DeviceService {
  const svc = new DeviceService(
    new DeviceRepo(ctx.db),
    d.templates,
    d.labels,
    d.perms,
    ctx.clock,
    d.billing,
    ctx.bus,
  );
  deviceRoutes(ctx.registerCall, svc);
  return svc;
}
