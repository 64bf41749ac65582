import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import { allowedOrigins } from '../../platform/http/cors';
import type { InstallContext } from '../../platform/install';
import { TUNNEL_TICK_MS } from '../../platform/tunnel/session';
import { RelayHub, type RelayHubDeps } from './relay-hub';
import { RemoteRepo } from './repo';
import { remoteRoutes } from './routes';
import { RemoteService } from './service';
import { remoteSockets } from './sockets';

/** What the app hands the module; the relay's ports pass through to the RelayHub. */
export interface RemoteDeps extends Pick<
  RelayHubDeps,
  'ports' | 'authenticate' | 'sessionLive' | 'sendVnc' | 'hold'
> {
  app: FastifyInstance;
  config: Config;
  onShutdown(fn: () => Promise<void>): void;
  /** Test knobs: how often bytes are charged and the duration checked, how long a ticket lives. */
  relay?: { tickMs?: number; ticketTtlMs?: number } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The remote sessions living on this instance. */
    remoteRelay: RelayHub;
  }
}

/** The remote view: `POST /devices/:id/vnc`, the session records, and the relay's two websockets. */
export function installRemote(ctx: InstallContext, d: RemoteDeps): RelayHub {
  const repo = new RemoteRepo(ctx.db);
  const log = d.app.log;
  remoteRoutes(
    ctx.registerCall,
    new RemoteService({ repo, ports: d.ports, clock: ctx.clock, bus: ctx.bus, log }),
  );
  const hub = new RelayHub({
    repo,
    ports: d.ports,
    clock: ctx.clock,
    bus: ctx.bus,
    log,
    authenticate: d.authenticate,
    sessionLive: d.sessionLive,
    sendVnc: d.sendVnc,
    hold: d.hold,
    relayOrigin: d.config.relayUrl,
    tickMs: d.relay?.tickMs ?? TUNNEL_TICK_MS,
    ticketTtlMs: d.relay?.ticketTtlMs,
  });
  remoteSockets(d.app, hub, allowedOrigins(d.config));
  d.onShutdown(() => hub.close());
  d.app.decorate('remoteRelay', hub);
  return hub;
}
