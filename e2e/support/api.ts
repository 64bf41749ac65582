import { expect } from 'vitest';

/** The demo account of DEMO=1 (printed in the start-up banner). */
export const DEMO = { user: 'demo@hmi.local', passwd: 'Demo@2026' } as const;

/** Calls the API as the session of `tokens`, expects code 0 and returns the data. */
export async function apiCall<T>(
  server: { url: string },
  tokens: { token: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: {
      authorization: tokens.token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { code: number; data: T };
  expect(envelope.code, `${method} ${path}: ${JSON.stringify(envelope)}`).toBe(0);
  return envelope.data;
}
