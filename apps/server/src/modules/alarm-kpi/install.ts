import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions';
import { RollupFigures } from './figures';
import { AlarmKpiRepo } from './repo';
import { AlarmKpiRollupRepo } from './rollup-repo';
import { alarmKpiRoutes } from './routes';
import { AlarmKpiService } from './service';

/** The alarm performance calls (issue 26). */
export function installAlarmKpi(ctx: InstallContext, d: { perms: DataPermissionService }): void {
  const repo = new AlarmKpiRepo(ctx.db);
  const figures = new RollupFigures(repo, new AlarmKpiRollupRepo(ctx.db));
  alarmKpiRoutes(ctx.registerCall, new AlarmKpiService(repo, figures, d.perms, ctx.clock));
}
