// @vitest-environment jsdom
/**
 * BILLING=off: user info answers an unlimited template allowance (null); the billing menu and its
 * routes are then left out, for the main account too. A billing deployment keeps them.
 */
import { describe, expect, it } from 'vitest';
import { landingPath, mayOpen } from '../../session/landing';
import { userStore } from '../../session/userStore';
import { signInAs, serveApi } from '../../test/apiServer';

const api = serveApi();

const areas = () => userStore.getState().menu.map((entry) => entry.key);

describe('billing menu', () => {
  it('shows with billing on and hides with BILLING=off, its routes leading to the landing page', async () => {
    const on = { is_main: true, permissions: [], template_max_num: 3 };
    await signInAs(api, on);
    expect(areas()).toContain('billing');
    expect(mayOpen(on, '/billing/myAccount')).toBe(true);

    const off = { is_main: true, permissions: [], template_max_num: null };
    await signInAs(api, off);
    expect(areas()).not.toContain('billing');
    expect(areas()).toEqual(expect.arrayContaining(['dashboard', 'device', 'message', 'system']));
    for (const path of ['/billing', '/billing/myAccount', '/billing/rechargeRecord/'])
      expect(mayOpen(off, path)).toBe(false);
    // Billing messages (invitations among them) stay in the message centre.
    expect(mayOpen(off, '/message/msgBilling')).toBe(true);
    expect(landingPath(off)).toBe('/dashboard');
  });
});
