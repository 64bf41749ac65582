// @vitest-environment jsdom
/**
 * The role pickers of the invite and change-role dialogs load the role options call, so a
 * sub-account that may invite (25) or change roles (26) without role view (28) still gets its roles.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { field, renderPage, setLanguage, submitOf } from '../../test/render';
import { emptyPage, refuse, signInAs, serveApi } from '../../test/apiServer';
import { UserPage } from './UserPage';

const member = (id: number, isMain: boolean, roleId: number | null) => ({
  id,
  account: `m${id}@example.com`,
  name: `Member${id}`,
  alias_name: '',
  email: `m${id}@example.com`,
  phone: null,
  contact: '',
  is_main: isMain,
  role_id: roleId,
  role_name: roleId === null ? null : 'Viewer',
  created_at: 1700000000,
  joined_at: 1700000000,
});

const api = serveApi();
beforeAll(async () => {
  // Role view (28) is not held: the full role list would be refused.
  api.routes.set('GET /v1/roles', () => refuse(1002));
  api.routes.set('GET /v1/roles/options', () => [
    { id: 3, name: 'Viewer' },
    { id: 4, name: 'Ops' },
  ]);
  api.routes.set('GET /v1/team/invitations', emptyPage);
  api.routes.set('GET /v1/msg/team/invation', emptyPage);
  api.routes.set('GET /v1/team/members', () => ({
    list: [member(9, true, null), member(2, false, 3)],
    total: 2,
  }));
  api.routes.set('POST /v1/team/invitations', () => refuse(1010));
  api.routes.set('PUT /v1/team/members/2', () => ({ ...member(2, false, 4), role_name: 'Ops' }));
  await setLanguage('zh-CN');
});
beforeEach(() => {
  api.calls.length = 0;
});

/** Opens the select marked `testId` and picks the option titled `title`. */
async function pick(testId: string, title: string) {
  const select = screen.getByTestId(testId).closest('.ant-select') ?? screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const popup = (await screen.findByRole('listbox')).closest('.ant-select-dropdown') as HTMLElement;
  fireEvent.click(await within(popup).findByTitle(title));
}

describe('role pickers', { timeout: 30000 }, () => {
  it('invite: a sub-account with 24 and 25 picks from the role options', async () => {
    await signInAs(api, { is_main: false, permissions: [24, 25] });
    renderPage(<UserPage />);
    fireEvent.click(await screen.findByTestId('member-invite'));
    await waitFor(() => expect(api.callsTo('GET /v1/roles/options').length).toBeGreaterThan(0));
    fireEvent.change(field('invite', 'account'), { target: { value: 'new@example.com' } });
    await pick('invite-role', 'Ops');
    fireEvent.click(submitOf('invite'));
    await waitFor(() => expect(api.callsTo('POST /v1/team/invitations')).toHaveLength(1));
    expect(api.callsTo('POST /v1/team/invitations')[0]?.body).toEqual({
      account: 'new@example.com',
      role_id: 4,
    });
    expect(api.callsTo('GET /v1/roles')).toEqual([]);
  });

  it('change role: a sub-account with 24 and 26 picks from the role options', async () => {
    await signInAs(api, { is_main: false, permissions: [24, 26] });
    renderPage(<UserPage />);
    fireEvent.click(await screen.findByTestId('member-role-edit-2'));
    await pick('change-role-select', 'Ops');
    fireEvent.click(submitOf('changeRole'));
    await waitFor(() => expect(api.callsTo('PUT /v1/team/members/2')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/team/members/2')[0]?.body).toEqual({ role_id: 4 });
    expect(api.callsTo('GET /v1/roles')).toEqual([]);
  });

  it('no role options are asked for without 25, 26 or 28', async () => {
    await signInAs(api, { is_main: false, permissions: [24] });
    renderPage(<UserPage />);
    await screen.findByTestId('member-m2@example.com');
    expect(screen.queryByTestId('member-invite')).toBeNull();
    expect(api.callsTo('GET /v1/roles/options')).toEqual([]);
  });
});
