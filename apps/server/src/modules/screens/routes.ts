import {
  createProjectScreen,
  createTemplateScreen,
  deleteScreen,
  exportProjectScreens,
  exportScreen,
  exportTemplateScreens,
  getScreen,
  getScreenVersion,
  importScreens,
  listScreenVersions,
  restoreScreenVersion,
  listDeviceScreens,
  listProjectScreens,
  listTemplateScreens,
  updateScreen,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { ScreenService } from './service';
import type { ScreenTransfer } from './transfer';
import type { ScreenVersions } from './versions';

export function screenRoutes(
  registerCall: RegisterCall,
  svc: ScreenService,
  transfer: ScreenTransfer,
  versions: ScreenVersions,
): void {
  const template = (id: number) => ({ kind: 'template', id }) as const;
  const project = (id: number) => ({ kind: 'project', id }) as const;
  registerCall(listTemplateScreens, async (ctx) => svc.list(sessionUser(ctx), template(ctx.params.id)));
  registerCall(createTemplateScreen, async (ctx) =>
    svc.create(sessionUser(ctx), template(ctx.params.id), ctx.body),
  );
  registerCall(exportTemplateScreens, async (ctx) =>
    transfer.exportOwner(sessionUser(ctx), template(ctx.params.id)),
  );
  registerCall(listProjectScreens, async (ctx) => svc.list(sessionUser(ctx), project(ctx.params.id)));
  registerCall(createProjectScreen, async (ctx) =>
    svc.create(sessionUser(ctx), project(ctx.params.id), ctx.body),
  );
  registerCall(exportProjectScreens, async (ctx) =>
    transfer.exportOwner(sessionUser(ctx), project(ctx.params.id)),
  );
  registerCall(listDeviceScreens, async (ctx) => svc.deviceScreens(sessionUser(ctx), ctx.params.id));
  registerCall(getScreen, async (ctx) => svc.get(sessionUser(ctx), ctx.params.id, ctx.query.device_id));
  registerCall(updateScreen, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(deleteScreen, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
  registerCall(exportScreen, async (ctx) => transfer.exportScreen(sessionUser(ctx), ctx.params.id));
  registerCall(importScreens, async (ctx) => transfer.import(sessionUser(ctx), ctx.body));
  registerCall(listScreenVersions, async (ctx) => versions.list(sessionUser(ctx), ctx.params.id));
  registerCall(getScreenVersion, async (ctx) =>
    versions.get(sessionUser(ctx), ctx.params.id, ctx.params.version),
  );
  registerCall(restoreScreenVersion, async (ctx) =>
    versions.restore(sessionUser(ctx), ctx.params.id, ctx.params.version, ctx.body.version ?? null),
  );
}
