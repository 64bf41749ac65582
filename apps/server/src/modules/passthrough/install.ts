import { PASSTHROUGH_CLOSE, PASSTHROUGH_TUNNEL_PATH, PASSTHROUGH_WS_PATH } from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import type { InstallContext } from '../../platform/install';
import { firstMessage } from '../../platform/tunnel/first-message';
import { TUNNEL_TICK_MS } from '../../platform/tunnel/session';
import { PassthroughHub, type PassthroughHubDeps } from './hub';
import { PassthroughRepo } from './repo';
import { passthroughRoutes } from './routes';
import { PassthroughService } from './service';

export interface PassthroughDeps extends Pick<
  PassthroughHubDeps,
  'ports' | 'authenticate' | 'sessionLive' | 'send' | 'hold'
> {
  app: FastifyInstance;
  config: Config;
  onShutdown(fn: () => Promise<void>): void;
  /** Test knobs: the tick (traffic settled, duration checked), ticket lifetime, heartbeat. */
  relay?: { tickMs?: number; ticketTtlMs?: number; heartbeatMs?: number } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pass-through sessions living on this instance. */
    passthroughHub: PassthroughHub;
  }
}

/**
 * Engineering pass-through: `POST /devices/:id/passthrough`, the session records, and the two
 * websockets (the engineer's client, the gateway's tunnel). The engineer's client authenticates in
 * its first message (no token in a URL), like the remote view's browser; no Origin is accepted
 * because no browser page uses this socket.
 */
export function installPassthrough(ctx: InstallContext, d: PassthroughDeps): PassthroughHub {
  const repo = new PassthroughRepo(ctx.db);
  passthroughRoutes(
    ctx.registerCall,
    new PassthroughService({ repo, ports: d.ports, clock: ctx.clock, bus: ctx.bus }),
  );
  const hub = new PassthroughHub({
    repo,
    ports: d.ports,
    clock: ctx.clock,
    bus: ctx.bus,
    log: d.app.log,
    authenticate: d.authenticate,
    sessionLive: d.sessionLive,
    send: d.send,
    hold: d.hold,
    relayOrigin: d.config.relayUrl,
    tickMs: d.relay?.tickMs ?? TUNNEL_TICK_MS,
    ticketTtlMs: d.relay?.ticketTtlMs,
    heartbeatMs: d.relay?.heartbeatMs,
  });
  d.app.register(async (scope) => {
    scope.get(PASSTHROUGH_WS_PATH, { websocket: true }, (socket, req) => {
      if (req.headers.origin !== undefined) return socket.close(PASSTHROUGH_CLOSE.session, 'origin');
      firstMessage(socket, PASSTHROUGH_CLOSE.session, (msg) => hub.joinClient(socket, msg));
    });
    scope.get(PASSTHROUGH_TUNNEL_PATH, { websocket: true }, (socket) => {
      firstMessage(socket, PASSTHROUGH_CLOSE.ticket, (msg) => hub.joinDevice(socket, msg));
    });
  });
  d.onShutdown(() => hub.close());
  d.app.decorate('passthroughHub', hub);
  return hub;
}
