import { VNC_CLOSE, VNC_TUNNEL_PATH, VNC_WS_PATH } from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import { firstMessage } from '../../platform/tunnel/first-message';
import type { RelayHub } from './relay-hub';

/**
 * The two websocket ends of the relay. Each waits for one JSON first message (a browser's token and
 * session, a device's ticket) and closes a socket that sends none in time; the websocket plugin
 * (registered by the live module) caps every frame at 64 KiB.
 */
export function remoteSockets(app: FastifyInstance, hub: RelayHub, origins: ReadonlySet<string>): void {
  app.register(async (scope) => {
    scope.get(VNC_WS_PATH, { websocket: true }, (socket, req) => {
      const origin = req.headers.origin;
      if (origin !== undefined && !origins.has(origin)) return socket.close(VNC_CLOSE.session, 'origin');
      firstMessage(socket, VNC_CLOSE.session, (msg) => hub.joinBrowser(socket, msg));
    });
    scope.get(VNC_TUNNEL_PATH, { websocket: true }, (socket) => {
      firstMessage(socket, VNC_CLOSE.ticket, async (msg) => hub.joinDevice(socket, msg));
    });
  });
}
