import { WS_PATH, WS_SUBSCRIPTIONS_MAX, type WsServerMessage } from '@hmi/contract';
import WebSocket from 'ws';
import type { BenchServer } from './server';
import { Tally } from './tally';

export interface LiveCounter {
  tally: Tally;
  close(): void;
}

/** A user's access token, as the web app logs in. */
export async function login(httpUrl: string, user: string, passwd: string): Promise<string> {
  const res = await fetch(`${httpUrl}/v1/global/login?type=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, passwd }),
  });
  const body = (await res.json()) as { code: number; data?: { token?: string } };
  if (body.code !== 0 || !body.data?.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** One socket: authenticated, subscribed to `devices`, counting every pushed TAG value. */
function subscribe(wsUrl: string, token: string, devices: number[], tally: Tally): Promise<WebSocket> {
  return new Promise((done, fail) => {
    const ws = new WebSocket(wsUrl);
    ws.once('error', fail);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString('utf8')) as WsServerMessage;
      if (msg.type === 'values') tally.add(msg.values.length);
      else if (msg.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', devices }));
      else if (msg.type === 'subscribed') {
        if (msg.refused.length) fail(new Error(`subscription refused for ${msg.refused.length} devices`));
        else done(ws);
      } else if (msg.type === 'error') fail(new Error(`websocket error ${msg.code}: ${msg.msg}`));
    });
  });
}

/**
 * The browser's view: logs in as the team's main account and subscribes to every device over
 * `/v1/ws` (as many sockets as the per-socket limit needs), counting the values pushed.
 */
export async function openLiveCounter(
  httpUrl: string,
  account: { username: string; password: string },
  deviceIds: readonly number[],
): Promise<LiveCounter> {
  const token = await login(httpUrl, account.username, account.password);
  const wsUrl = `${httpUrl.replace(/^http/, 'ws')}${WS_PATH}`;
  const tally = new Tally();
  const sockets: WebSocket[] = [];
  for (let i = 0; i < deviceIds.length; i += WS_SUBSCRIPTIONS_MAX)
    sockets.push(await subscribe(wsUrl, token, deviceIds.slice(i, i + WS_SUBSCRIPTIONS_MAX), tally));
  return {
    tally,
    close: () => {
      for (const s of sockets) s.close();
    },
  };
}

/** A live counter of every device of the bench server's fleet, as its main account sees them. */
export function openFleetLive(server: BenchServer): Promise<LiveCounter> {
  return openLiveCounter(
    server.httpUrl,
    server.fleet,
    server.fleet.devices.map((d) => d.id),
  );
}
