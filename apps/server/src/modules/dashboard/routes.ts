import { getDashboard } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { DashboardService } from './service';

export function dashboardRoutes(registerCall: RegisterCall, svc: DashboardService): void {
  registerCall(getDashboard, async (ctx) => svc.get(sessionUser(ctx)));
}
