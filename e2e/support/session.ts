import type { Page } from 'playwright-core';
import { signAccessToken, type AccessClaims } from '../../apps/server/src/platform/auth/tokens';

export interface LoginTokens {
  token: string;
  refresh_token: string;
  host: string;
}

/** Logs in through the API, as the login screen would. */
export async function apiLogin(baseUrl: string, user: string, passwd: string): Promise<LoginTokens> {
  const res = await fetch(`${baseUrl}/v1/global/login?type=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, passwd }),
  });
  const body = (await res.json()) as { code: number; data: LoginTokens };
  if (body.code !== 0) throw new Error(`login failed with ${body.code}`);
  return body.data;
}

/** Opens every page of the context already signed in, in the given locale. */
export async function signInContext(page: Page, tokens: LoginTokens, locale: string): Promise<void> {
  await page.addInitScript(
    ([t, l]) => {
      window.localStorage.setItem('token', t.token);
      window.localStorage.setItem('refresh_token', t.refresh_token);
      window.localStorage.setItem('host', t.host);
      window.localStorage.setItem('locale', l);
    },
    [tokens, locale] as const,
  );
}

/** The same session's access token, re-signed so that it expired an hour ago. */
export function expiredTwin(token: string, secret: string): string {
  const payload = token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
  const now = Math.floor(Date.now() / 1000);
  return signAccessToken({ ...claims, iat: now - 7200, exp: now - 3600 }, secret);
}
