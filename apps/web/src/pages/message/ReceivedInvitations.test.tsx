// @vitest-environment jsdom
/**
 * Invitations to the signed-in account against a real local API server: answerable where the
 * invitation's notification leads (the billing messages), and after accepting the user lands on a
 * page the new role opens instead of meeting "you may not open that page" on System → Users.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { baseUser, emptyPage, signInAs, serveApi } from '../../test/apiServer';
import { MsgBillingPage } from './MsgBillingPage';
import { ReceivedInvitations } from '../../features/system/user/ReceivedInvitations';

const invitation = {
  id: 9,
  kind: 'invite',
  status: 'pending',
  team_id: 2,
  team_name: 'Acme',
  inviter_id: 5,
  inviter_name: 'Ann',
  inviter_account: 'ann@example.com',
  invitee_id: 1,
  invitee_account: 'tester@example.com',
  invitee_name: 'Tester',
  role_id: 3,
  role_name: 'Viewer',
  created_at: 1700000000,
  answered_at: null,
  expires_at: 1700604800,
};

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/msg/team/invation', () => ({ list: [invitation], total: 1 }));
  api.routes.set('GET /v1/msg/notify', emptyPage);
  api.routes.set('POST /v1/team/invitation/confirm/check', () => invitation);
  api.routes.set('POST /v1/team/invitation/confirm', () => ({ ...invitation, status: 'accepted' }));
  await setLanguage('en-US');
});

describe('invitations to me', { timeout: 30000 }, () => {
  it('are answerable on the billing messages, where the bell leads', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<MsgBillingPage />, { url: '/message/msgBilling' });
    expect(await screen.findByTestId('received-invitation-9')).toBeTruthy();
  });

  it('accepting on System → Users goes to the landing page of the new role (spec: /system without 1)', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<ReceivedInvitations />, { url: '/system/user' });
    fireEvent.click(await screen.findByTestId('invitation-answer-9'));
    await screen.findByTestId('invitation-accept');
    // From now on the account is a sub-account of Acme that may view devices only.
    api.routes.set('GET /v1/global/getUserInfo', () => ({ ...baseUser, is_main: false, permissions: [2] }));
    fireEvent.click(screen.getByTestId('invitation-accept'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/system'));
    expect(await screen.findByText(i18next.t('team:received.accepted', { team: 'Acme' }))).toBeTruthy();
  });
});
