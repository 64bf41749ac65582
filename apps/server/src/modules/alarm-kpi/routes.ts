import { exportAlarmKpi, getAlarmKpi } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import { localTime } from '../alarms';
import { writeKpiBook } from './export';
import type { AlarmKpiService } from './service';

export function alarmKpiRoutes(registerCall: RegisterCall, svc: AlarmKpiService): void {
  registerCall(getAlarmKpi, async (ctx) => svc.get(sessionUser(ctx), ctx.query));
  registerCall(exportAlarmKpi, async (ctx) => {
    const q = ctx.query;
    const kpi = await svc.get(sessionUser(ctx), q);
    const buf = await writeKpiBook(kpi, q.timezone, q.locale);
    const day = (t: number) => localTime(t, q.timezone).slice(0, 10).replaceAll('-', '');
    return {
      filename: `alarm_performance_${day(q.start)}_${day(q.end - 1)}.xlsx`,
      content_base64: buf.toString('base64'),
    };
  });
}
