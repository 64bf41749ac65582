import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_ANSWER_KEPT, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@hmi/contract';
import { hostOf, resolveTarget, type WebhookTargets } from './target';

/** Largest body a delivery sends (a digest lists few alarms, so a real one stays far below). */
export const WEBHOOK_BODY_MAX = 64 * 1024;
/** A delivery gives up after this long, answer included: a slow receiver holds one slot no longer. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Most bytes of an answer read; the rest is not waited for. */
const ANSWER_READ_MAX = 4 * 1024;

export interface PostOutcome {
  ok: boolean;
  /** null: no HTTP answer (refused address, timeout, network error). */
  httpStatus: number | null;
  /** The answer's first characters, or why there was none. */
  answer: string;
}

/** `sha256=<hex>` over `<timestamp>.<body>`: what a receiver recomputes with its copy of the secret. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function readAnswer(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(parts).toString('utf8').slice(0, WEBHOOK_ANSWER_KEPT));
    res.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      size += chunk.length;
      // Enough to log; the receiver is not waited for beyond it.
      if (size >= ANSWER_READ_MAX) {
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });
}

/**
 * POSTs `body` to `url`, signed, to an address `targets` allows, never following a redirect, within
 * WEBHOOK_TIMEOUT_MS. Never throws: every failure is an outcome for the delivery log.
 */
export async function postSigned(
  url: string,
  o: { secret: string; body: string; event: string; delivery: number; now: number; targets: WebhookTargets },
): Promise<PostOutcome> {
  if (Buffer.byteLength(o.body) > WEBHOOK_BODY_MAX)
    return { ok: false, httpStatus: null, answer: 'body too large' };
  const u = new URL(url);
  const deadline = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  let address: string;
  try {
    // The name lookup counts against the same deadline as the request.
    address = await Promise.race([
      resolveTarget(u, o.targets),
      new Promise<never>((_, reject) =>
        deadline.addEventListener('abort', () => reject(new Error('timeout')), { once: true }),
      ),
    ]);
  } catch (err) {
    return { ok: false, httpStatus: null, answer: (err as Error).message };
  }
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (out: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(out);
    };
    const req = request(
      {
        // The checked address, not the name again: a name re-pointed meanwhile cannot redirect it.
        host: address,
        port: u.port || undefined,
        path: `${u.pathname}${u.search}`,
        method: 'POST',
        // TLS checks the certificate against the URL's name (SNI takes no IP address).
        servername: isIP(hostOf(u)) === 0 ? hostOf(u) : undefined,
        signal: deadline,
        headers: {
          host: u.host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(o.body),
          'user-agent': 'HMI-Cloud-Webhook/1',
          'x-hmi-event': o.event,
          'x-hmi-delivery': String(o.delivery),
          [WEBHOOK_TIMESTAMP_HEADER]: String(o.now),
          [WEBHOOK_SIGNATURE_HEADER]: signature(o.secret, o.now, o.body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        void readAnswer(res).then((answer) =>
          finish({
            ok: status >= 200 && status < 300,
            httpStatus: status,
            answer: status >= 300 && status < 400 ? `redirect not followed: ${answer}` : answer,
          }),
        );
      },
    );
    req.on('error', (err) =>
      finish({
        ok: false,
        httpStatus: null,
        answer: deadline.aborted ? 'timeout' : err.message.slice(0, WEBHOOK_ANSWER_KEPT),
      }),
    );
    req.end(o.body);
  });
}
