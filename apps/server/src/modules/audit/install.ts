import type { FastifyBaseLogger } from 'fastify';
import type { InstallContext } from '../../platform/install';
import { AuditRepo } from './repo';
import { auditRoutes } from './routes';
import { AuditService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log (tests run its housekeeping and wait for its writes). */
    audit: AuditService;
  }
}

const HOUR_MS = 3_600_000;

/**
 * The audit log's calls, its bus listener and its hourly retention job. Installed before the modules
 * that announce actions. Only the instance that emitted an action writes it (with Redis every
 * instance hears it).
 */
export function installAudit(
  ctx: InstallContext,
  d: {
    retentionDays: number;
    log: FastifyBaseLogger;
    onShutdown: (fn: () => Promise<void>) => void;
  },
): AuditService {
  const svc = new AuditService(new AuditRepo(ctx.db), ctx.clock, d.log, d.retentionDays);
  const stop = ctx.bus.on('audit', (note, { local }) => {
    if (local) svc.record(note);
  });
  auditRoutes(ctx.registerCall, svc);
  svc.houseKeepLater();
  const timer = setInterval(() => svc.houseKeepLater(), HOUR_MS);
  timer.unref();
  d.onShutdown(async () => {
    stop();
    clearInterval(timer);
    await svc.settled();
  });
  return svc;
}
