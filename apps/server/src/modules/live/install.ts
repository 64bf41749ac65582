import websocket from '@fastify/websocket';
import { WS_CLOSE_ORIGIN, WS_PATH } from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import { allowedOrigins } from '../../platform/http/cors';
import type { SessionUser } from '../../platform/http/session';
import type { InstallContext } from '../../platform/install';
import { WsHub, type HubOptions } from './hub';

export interface LiveDeps {
  /** The instance the websocket route is registered on. */
  app: FastifyInstance;
  config: Config;
  authenticate(token: string): Promise<SessionUser>;
  /** The devices' side: who may see which, and their state for a new subscriber (connectivity). */
  devices: Pick<HubOptions, 'visibleIds' | 'snapshot'>;
  /** Runs `fn` on app close before the database closes. */
  onShutdown(fn: () => Promise<void>): void;
  /** Test knobs of the websocket hub. */
  hub?:
    | Partial<
        Pick<
          HubOptions,
          'highWaterBytes' | 'sendLimitBytes' | 'messagesPerSecond' | 'recheckMs' | 'authTimeoutMs'
        >
      >
    | undefined;
}

/** The live websocket `/v1/ws`: device events, message notices, sessions ended on any instance. */
export async function installLive(ctx: InstallContext, d: LiveDeps): Promise<void> {
  const { app } = d;
  const hub = new WsHub({
    authenticate: d.authenticate,
    visibleIds: (user, ids) => d.devices.visibleIds(user, ids),
    snapshot: (deviceIds) => d.devices.snapshot(deviceIds),
    bus: ctx.bus,
    log: app.log,
    ...d.hub,
  });
  const origins = allowedOrigins(d.config);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.register(async (scope) => {
    scope.get(WS_PATH, { websocket: true }, (socket, req) => {
      const origin = req.headers.origin;
      // Browsers always send Origin; other clients (agents, tools) have none and still need a token.
      if (origin !== undefined && !origins.has(origin)) {
        socket.close(WS_CLOSE_ORIGIN, 'origin not allowed');
        return;
      }
      hub.accept(socket);
    });
  });
  d.onShutdown(async () => hub.close());
}
