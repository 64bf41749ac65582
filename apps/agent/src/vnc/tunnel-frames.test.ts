import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { Tunnel } from './tunnel';

it('sends its hello frame with a zero masking key and no websocket compression (the relay skips unmasking)', async () => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const raw: Buffer[] = [];
  let extensions: string | undefined;
  wss.on('connection', (ws, req) => {
    extensions = req.headers['sec-websocket-extensions'];
    // The bytes as they come off the wire, before `ws` unmasks them.
    req.socket.on('data', (d: Buffer) => {
      raw.push(d);
      ws.close();
    });
  });
  const port = (wss.address() as AddressInfo).port;
  const opened = Tunnel.open({
    url: `ws://127.0.0.1:${port}/`,
    sn: 'SIM-1',
    ticket: 't'.repeat(32),
    local: async () => new PassThrough(),
  });
  await expect(opened).rejects.toThrow(/closed/);
  wss.close();
  const frame = Buffer.concat(raw);
  const hello = Buffer.from(
    JSON.stringify({ type: 'tunnel', sn: 'SIM-1', ticket: 't'.repeat(32), raw: true, compress: ['deflate'] }),
  );
  // FIN + text, masked, 7-bit length, then the masking key and the payload as it is.
  expect([frame[0], frame[1]]).toEqual([0x81, 0x80 | hello.length]);
  expect([...frame.subarray(2, 6)]).toEqual([0, 0, 0, 0]);
  expect(frame.subarray(6, 6 + hello.length).equals(hello)).toBe(true);
  expect(extensions).toBeUndefined();
});
