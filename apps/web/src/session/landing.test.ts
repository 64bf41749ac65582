import { describe, expect, it } from 'vitest';
import { landingPath, loginRedirectTarget, mayOpen } from './landing';

const main = { is_main: true, permissions: [] };
const sub = (permissions: number[]) => ({ is_main: false, permissions });

describe('landing rules', () => {
  it('lands on /dashboard for main or holders of permission 1, else /system', () => {
    expect(landingPath(main)).toBe('/dashboard');
    expect(landingPath(sub([1]))).toBe('/dashboard');
    expect(landingPath(sub([2, 13]))).toBe('/system');
  });

  it('checks a route against its menu entry permission; the reduced route set always passes', () => {
    const user = sub([2]);
    expect(mayOpen(user, '/device/devicelist')).toBe(true);
    expect(mayOpen(user, '/device/templatelist')).toBe(false);
    expect(mayOpen(user, '/dashboard')).toBe(false);
    expect(mayOpen(user, '/billing/myAccount')).toBe(false);
    expect(mayOpen(user, '/message/msgBilling')).toBe(false);
    for (const path of ['/system/profile', '/message/msgAlarm', '/message/msgSystem', '/system/profile/'])
      expect(mayOpen(sub([]), path)).toBe(true);
    expect(mayOpen(main, '/system/safeZone')).toBe(true);
  });

  it('sends /login to the template, project or landing page, keeping the query', () => {
    expect(loginRedirectTarget('?templateid=12&x=1')).toBe('/device/templatelist?templateid=12');
    expect(loginRedirectTarget('?projectid=7')).toBe('/device/projectlist?projectid=7');
    expect(loginRedirectTarget('?from=mail')).toBe('/?from=mail');
    expect(loginRedirectTarget('')).toBe('/');
  });
});
