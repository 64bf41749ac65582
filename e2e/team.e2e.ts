import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/server/src/platform/outbox';
import { screenshotPath } from './support/browser';
import { stackSuite } from './support/stack';
import { choose } from './support/select';
import { apiLogin, signInContext } from './support/session';

const PASSWORD = 'Plant#2026';
const stamp = Date.now();
const OWNER = `owner.${stamp}@plant.example`;
const MEMBER = `member.${stamp}@plant.example`;

const stack = stackSuite();

interface Envelope<T = unknown> {
  code: number;
  data: T;
}

async function api<T>(path: string, init: RequestInit = {}, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${stack.server.url}/v1${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token } : {}),
    },
  });
  return (await res.json()) as Envelope<T>;
}

/** Signs up by mail through the API and activates with the link of the dev outbox's mail. */
async function registerByMail(mail: string, name: string): Promise<void> {
  const body = { username: mail, passwd: PASSWORD, confirm: PASSWORD, name, data_center: 'cn', agree: true };
  const registered = await api('/global/register?type=1', { method: 'POST', body: JSON.stringify(body) });
  expect(registered.code).toBe(1014);
  const sent = readOutbox(stack.server.dataDir).find((e) => e.channel === 'mail' && e.to === mail);
  const code = /activeresult\?code=([\w-]+)/.exec(sent?.text ?? sent?.html ?? '')?.[1] ?? '';
  expect(code).not.toBe('');
  expect((await api(`/global/activate?code=${code}`)).code).toBe(0);
}

/** The code of the next answer of `path` to `page`, after `act`. */
async function answerOf(page: Page, method: string, path: RegExp, act: () => Promise<void>): Promise<number> {
  const response = page.waitForResponse(
    (res) => res.request().method() === method && path.test(new URL(res.url()).pathname),
  );
  await act();
  return ((await (await response).json()) as { code: number }).code;
}

/** A fresh entry of the app (a new page of the context): the first load reads the user info again. */
async function entryOf(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.server.url}/#/`);
  return page;
}

/** Resolves once no transition or animation runs (a dialog has finished opening). */
const idle = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );

/** Resolves once no table is loading, no dialog is shown and no transition runs (for screenshots). */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      !document.querySelector('.ant-spin-blur, .ant-modal-mask, .ant-modal-wrap') &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );

const confirmDialog = async (page: Page) => {
  const ok = page.locator('.ant-modal-confirm-btns .ant-btn-primary');
  await ok.waitFor();
  await idle(page);
  await ok.click();
};

describe('team journey in Chromium', () => {
  it('invites a second account, which accepts; role without and with the dashboard decides its landing page; removes it', async () => {
    await registerByMail(OWNER, 'Owner');
    await registerByMail(MEMBER, 'Member');

    const ownerContext = await stack.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const owner = await ownerContext.newPage();
    await signInContext(owner, await apiLogin(stack.server.url, OWNER, PASSWORD), 'en-US');
    const memberContext = await stack.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const member = await memberContext.newPage();
    await signInContext(member, await apiLogin(stack.server.url, MEMBER, PASSWORD), 'zh-CN');

    // A security zone with a client network.
    await owner.goto(`${stack.server.url}/#/system/safeZone`);
    await owner.getByTestId('zone-help').waitFor();
    await owner.getByTestId('zone-add').click();
    await owner.locator('#zone_name').fill('Line1');
    await owner.locator('#zone_networks').fill('10.0.0.0/8');
    await owner.locator('#zone_networks').press('Enter');
    expect(
      await answerOf(owner, 'POST', /^\/v1\/zones$/, () =>
        owner.locator('form#zone button[type=submit]').click(),
      ),
    ).toBe(0);
    await owner.getByTestId('zone-table').getByText('10.0.0.0/8').waitFor();
    await settled(owner);
    await owner.screenshot({ path: screenshotPath('team-zone-en-US') });

    // A role with the device list but without the dashboard, in that zone.
    await owner.goto(`${stack.server.url}/#/system/role`);
    await owner.getByTestId('role-add').click();
    await owner.locator('#role_name').fill('Operator');
    await owner.getByTestId('perm-3').check();
    expect(await owner.getByTestId('perm-2').isChecked()).toBe(true);
    await choose(owner, owner.getByTestId('role-zones'), 'Line1');
    const created = owner.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/v1/roles',
    );
    await owner.locator('form#role button[type=submit]').click();
    const role = ((await (await created).json()) as Envelope<{ id: number; permissions: number[] }>).data;
    expect(role.permissions).toEqual([2, 3]);
    await owner.getByTestId(`role-name-${role.id}`).waitFor();

    // Invite the second account with that role.
    await owner.goto(`${stack.server.url}/#/system/user`);
    await owner.getByTestId('member-invite').click();
    await owner.locator('#invite_account').fill(MEMBER);
    await choose(owner, owner.getByTestId('invite-role'), 'Operator');
    expect(
      await answerOf(owner, 'POST', /^\/v1\/team\/invitations$/, () =>
        owner.locator('form#invite button[type=submit]').click(),
      ),
    ).toBe(0);
    await owner.getByTestId('sent-invitations').getByText('Pending').waitFor();

    // The invitee answers in its own browser, on the system messages page.
    await member.goto(`${stack.server.url}/#/message/msgSystem`);
    const answer = member.locator('[data-testid^="invitation-answer-"]');
    await answer.waitFor();
    expect(
      await answerOf(member, 'POST', /^\/v1\/team\/invitation\/confirm\/check$/, () => answer.click()),
    ).toBe(0);
    const reloaded = member.waitForResponse(
      (res) => new URL(res.url()).pathname === '/v1/global/getUserInfo',
    );
    expect(
      await answerOf(member, 'POST', /^\/v1\/team\/invitation\/confirm$/, async () => {
        await member.getByTestId('invitation-accept').waitFor();
        await idle(member);
        await member.getByTestId('invitation-accept').click();
      }),
    ).toBe(0);
    await reloaded;
    // The menu follows the role: the dashboard entry leaves once the session reloads the rights (a
    // second getUserInfo after the one awaited above), while the device list stays.
    await member.getByTestId('menu-dashboard').waitFor({ state: 'detached' });
    expect(await member.getByTestId('menu-device').count()).toBe(1);
    await settled(member);
    await member.screenshot({ path: screenshotPath('team-member-joined-zh-CN') });

    // The owner sees the member with its role.
    await owner.reload();
    await owner.getByTestId(`member-${MEMBER}`).waitFor();
    await owner.getByTestId('sent-invitations').getByText('Accepted').waitFor();
    await settled(owner);
    await owner.screenshot({ path: screenshotPath('team-user-en-US'), fullPage: true });

    // Without the dashboard the member's next entry lands on /system.
    const withoutDashboard = await entryOf(memberContext);
    await withoutDashboard.waitForURL(/#\/system\/profile$/);
    await withoutDashboard.close();

    // Grant the dashboard to the role: the next entry lands on /dashboard.
    await owner.goto(`${stack.server.url}/#/system/role`);
    await owner.getByTestId(`role-edit-${role.id}`).click();
    await owner.getByTestId('perm-1').check();
    await owner.screenshot({ path: screenshotPath('team-role-dialog-en-US') });
    expect(
      await answerOf(owner, 'PUT', new RegExp(`^/v1/roles/${role.id}$`), () =>
        owner.locator('form#role button[type=submit]').click(),
      ),
    ).toBe(0);
    await owner.getByTestId('role-table').getByText('Dashboard').waitFor();
    await settled(owner);
    await owner.screenshot({ path: screenshotPath('team-role-en-US') });
    const withDashboard = await entryOf(memberContext);
    await withDashboard.waitForURL(/#\/dashboard$/);
    await withDashboard.getByTestId('page-dashboard').waitFor();
    await withDashboard.close();

    // A role held by a member cannot be deleted: the action is disabled and says why on hover.
    expect(await owner.getByTestId(`role-delete-${role.id}`).isDisabled()).toBe(true);
    await owner.getByTestId(`role-blocked-${role.id}`).hover();
    await owner.getByText('Members hold this role (1): give them another role before deleting it').waitFor();

    // Remove the member.
    const members = await api<{ list: { id: number; account: string }[] }>(
      '/team/members',
      {},
      (await apiLogin(stack.server.url, OWNER, PASSWORD)).token,
    );
    const memberId = members.data.list.find((m) => m.account === MEMBER)?.id ?? 0;
    await owner.goto(`${stack.server.url}/#/system/user`);
    await owner.getByTestId(`member-remove-${memberId}`).click();
    expect(
      await answerOf(owner, 'DELETE', new RegExp(`^/v1/team/members/${memberId}$`), () =>
        confirmDialog(owner),
      ),
    ).toBe(0);
    await owner.getByTestId(`member-${MEMBER}`).waitFor({ state: 'detached' });

    // Back on its own, the former member is told by a billing message titled in its language.
    const alone = await entryOf(memberContext);
    await alone.waitForURL(/#\/dashboard$/);
    await alone.goto(`${stack.server.url}/#/message/msgBilling`);
    await alone.locator('[data-testid^="message-title-"]', { hasText: '已被移出团队' }).waitFor();
    await alone.screenshot({ path: screenshotPath('team-billing-messages-zh-CN') });

    await ownerContext.close();
    await memberContext.close();
  });
});
