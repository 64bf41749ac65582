import { exportAudit, listAudit } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { AuditService } from './service';

export function auditRoutes(registerCall: RegisterCall, svc: AuditService): void {
  registerCall(listAudit, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(exportAudit, async (ctx) => svc.export(sessionUser(ctx), ctx.query));
}
