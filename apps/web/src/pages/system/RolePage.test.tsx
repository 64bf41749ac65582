// @vitest-environment jsdom
/**
 * Deleting roles against a real local API server: a role that members hold or pending invitations
 * offer keeps its delete link disabled with the reason as a tooltip (translated), so nobody confirms
 * a delete the server refuses; an unused role is deleted after the confirmation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Role } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { RolePage } from './RolePage';

const role = (id: number, member_count: number, invitation_count: number): Role => ({
  id,
  name: `Role ${id}`,
  permissions: [1],
  zone_ids: [],
  zones: [],
  member_count,
  invitation_count,
  created_at: 1_700_000_000,
});

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/roles', () => ({ list: [role(1, 2, 0), role(2, 0, 1), role(3, 0, 0)], total: 3 }));
  api.routes.set('DELETE /v1/roles/3', () => null);
});

describe('role delete', { timeout: 60000 }, () => {
  it('has its reasons in every locale', () => {
    for (const lng of ['en-US', 'zh-CN', 'zh-TW'])
      for (const key of ['role:inUseMembers', 'role:inUseInvitations'])
        expect(i18next.exists(key, { lng }), `${key} in ${lng}`).toBe(true);
  });

  it('is disabled, with the reason, for a role in use; an unused role is deleted', async () => {
    await setLanguage('en-US');
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<RolePage />);
    // The first render of an antd table is slow under jsdom on a busy machine.
    const held = await screen.findByTestId('role-delete-1', {}, { timeout: 30000 });
    const offered = screen.getByTestId('role-delete-2');
    const unused = screen.getByTestId('role-delete-3');
    expect([held, offered, unused].map((b) => (b as HTMLButtonElement).disabled)).toEqual([
      true,
      true,
      false,
    ]);

    fireEvent.mouseEnter(screen.getByTestId('role-blocked-1'));
    const membersText = i18next.t('role:inUseMembers', { count: 2 });
    expect(membersText).not.toContain('inUseMembers');
    expect((await screen.findByRole('tooltip')).textContent).toBe(membersText);
    fireEvent.mouseEnter(screen.getByTestId('role-blocked-2'));
    await screen.findByText(i18next.t('role:inUseInvitations', { count: 1 }));

    fireEvent.click(held);
    expect(screen.queryByText(i18next.t('role:deleteTitle'))).toBeNull();

    const deletes = api.callsTo('DELETE /v1/roles/3').length;
    fireEvent.click(unused);
    await screen.findAllByText(i18next.t('role:deleteTitle'));
    const ok = document.querySelector<HTMLButtonElement>('.ant-modal-confirm-btns .ant-btn-primary');
    fireEvent.click(ok as HTMLButtonElement);
    await waitFor(() => expect(api.callsTo('DELETE /v1/roles/3')).toHaveLength(deletes + 1));
    expect(api.callsTo('DELETE /v1/roles/1')).toHaveLength(0);
  });
});
