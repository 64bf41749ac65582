import { VNC_AUTH_TIMEOUT_MS } from '@hmi/contract';
import type { WebSocket } from 'ws';

/** Waits for one JSON text message (closing with `closeCode` when none comes in time), then `then`. */
export function firstMessage(
  socket: WebSocket,
  closeCode: number,
  then: (msg: unknown) => Promise<void>,
): void {
  const timer = setTimeout(() => socket.close(closeCode, 'timeout'), VNC_AUTH_TIMEOUT_MS);
  socket.once('message', (data, isBinary) => {
    clearTimeout(timer);
    if (isBinary) return socket.close(closeCode, 'expected JSON');
    let msg: unknown = null;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      return socket.close(closeCode, 'expected JSON');
    }
    then(msg).catch(() => socket.close(closeCode, 'error'));
  });
  socket.once('close', () => clearTimeout(timer));
}
