import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export const INTERNAL_METRICS_PATH = '/internal/metrics';

/** What `GET /internal/metrics` answers (not part of the API: for the soak and abuse runs). */
export interface InternalMetrics {
  rss_mb: number;
  heap_used_mb: number;
  heap_total_mb: number;
  external_mb: number;
  /** Event-loop delay since the previous read with `?reset=1` (or since start), ms. */
  event_loop_delay_ms: { p50: number; p99: number; max: number };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * With INTERNAL_METRICS=1, memory and event-loop delay for a peer on this host. The socket's own
 * address decides (never X-Forwarded-For), so a proxy in front cannot make it public; otherwise the
 * path does not exist.
 */
export function installInternalMetrics(app: FastifyInstance, config: Config): void {
  if (!config.internalMetrics) return;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  app.get<{ Querystring: { reset?: string } }>(INTERNAL_METRICS_PATH, async (req, reply) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return reply.callNotFound();
    const m = process.memoryUsage();
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const body: InternalMetrics = {
      rss_mb: mb(m.rss),
      heap_used_mb: mb(m.heapUsed),
      heap_total_mb: mb(m.heapTotal),
      external_mb: mb(m.external),
      event_loop_delay_ms: {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
      },
    };
    if (req.query.reset === '1') delay.reset();
    return body;
  });
}
