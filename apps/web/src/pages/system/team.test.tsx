// @vitest-environment jsdom
/**
 * The team, role and message screens against a real local HTTP server: the permission picker's
 * view-first rules, the role name limit, permission gating of the invite button, and mark-all-read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { field, i18next, renderPage, setLanguage, submitOf } from '../../test/render';
import { formatTime } from '../../shared/format';
import { MsgSystemPage } from '../message/MsgSystemPage';
import { PermissionPicker } from '../../features/system/role/PermissionPicker';
import { togglePermission } from '../../features/system/role/permissionPicking';
import { RolePage } from './RolePage';
import { UserPage } from './UserPage';
import { emptyPage, signInAs, serveApi } from '../../test/apiServer';

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/roles', emptyPage);
  api.routes.set('GET /v1/roles/options', () => []);
  api.routes.set('GET /v1/zones', emptyPage);
  api.routes.set('GET /v1/team/invitations', emptyPage);
  api.routes.set('GET /v1/msg/team/invation', emptyPage);
  api.routes.set('GET /v1/team/members', () => ({
    list: [
      {
        id: 1,
        account: 'tester@example.com',
        name: 'Tester',
        alias_name: '',
        email: 'tester@example.com',
        phone: null,
        contact: '',
        is_main: true,
        role_id: null,
        role_name: null,
        created_at: 1700000000,
        joined_at: 1710000000,
      },
    ],
    total: 1,
  }));
  await setLanguage('zh-CN');
});

const checkbox = (testId: string): HTMLInputElement => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

function Picker() {
  const [value, setValue] = useState<number[]>([]);
  return (
    <Form>
      <PermissionPicker value={value} onChange={setValue} />
      <output data-testid="picked">{value.join(',')}</output>
    </Form>
  );
}

describe('team screens', { timeout: 30000 }, () => {
  it('permission picker: any id brings its view, clearing the view clears the area', async () => {
    expect(togglePermission([], 4, true)).toEqual([2, 4]);
    expect(togglePermission([2, 3, 4, 13], 2, false)).toEqual([13]);

    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<Picker />);
    fireEvent.click(checkbox('perm-5'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('2,5'));
    expect(checkbox('perm-2').checked).toBe(true);
    fireEvent.click(checkbox('perm-26'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('2,5,24,26'));
    // Clearing the view of the device area clears the whole area, the user area stays.
    fireEvent.click(checkbox('perm-2'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('24,26'));
    expect(checkbox('perm-5').checked).toBe(false);
    // The area box picks every id of the area, view first.
    fireEvent.click(checkbox('perm-area-zone'));
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('24,26,33,30,34,35'));
  });

  it('role form: a name over 10 characters is refused with the translated message', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<RolePage />);
    fireEvent.click(await screen.findByTestId('role-add'));
    await screen.findByTestId('permission-picker');
    // The name is required and its label says so (the asterisk).
    expect(document.querySelector('label[for="role_name"]')?.className).toContain('ant-form-item-required');
    fireEvent.change(field('role', 'name'), { target: { value: 'Operators123' } });
    fireEvent.click(checkbox('perm-1'));
    fireEvent.click(submitOf('role'));
    expect(await screen.findByText(i18next.t('validation:roleNameLength'))).toBeTruthy();
    expect(i18next.t('validation:roleNameLength')).toBe('角色名称最多 10 个字符');
    expect(api.callsTo('POST /v1/roles')).toHaveLength(0);

    // Ten characters pass and the picked ids are sent.
    api.routes.set('POST /v1/roles', (req) => ({
      id: 9,
      ...(req.body as object),
      zones: [],
      member_count: 0,
      invitation_count: 0,
      created_at: 1700000000,
    }));
    fireEvent.change(field('role', 'name'), { target: { value: 'Operators1' } });
    fireEvent.click(submitOf('role'));
    await waitFor(() => expect(api.callsTo('POST /v1/roles')).toHaveLength(1));
    expect(api.callsTo('POST /v1/roles')[0]?.body).toEqual({
      name: 'Operators1',
      permissions: [1],
      zone_ids: [],
    });
  });

  it('users: the invite button needs id 25', async () => {
    await signInAs(api, { is_main: false, permissions: [24] });
    const view = renderPage(<UserPage />);
    await screen.findByTestId('member-tester@example.com');
    expect(screen.queryByTestId('member-invite')).toBeNull();
    view.unmount();

    await signInAs(api, { is_main: false, permissions: [24, 25] });
    renderPage(<UserPage />);
    await screen.findByTestId('member-tester@example.com');
    expect(screen.getByTestId('member-invite')).toBeTruthy();
  });

  it('users: the join time is when the member joined the team, not its registration', async () => {
    await signInAs(api, { is_main: false, permissions: [24] });
    renderPage(<UserPage />);
    const row = (await screen.findByTestId('member-tester@example.com')).closest('tr');
    expect(row?.textContent).toContain(formatTime(1710000000));
    expect(row?.textContent).not.toContain(formatTime(1700000000));
  });

  it('messages: mark all read calls setread and reloads the counts', async () => {
    let unread = 2;
    const counts = () => ({ notice: unread, billing: 0, alarm: 0 });
    await signInAs(api, { is_main: true, permissions: [] }, counts());
    api.routes.set('GET /v1/msg/notify/count', () => ({ total: counts(), unread: counts() }));
    api.routes.set('GET /v1/msg/notify', () => ({
      list: [1, 2].map((id) => ({
        id,
        kind: 'notice',
        title: `Notice ${id}`,
        content: 'Maintenance tonight',
        is_read: unread === 0,
        type: null,
        params: null,
        created_at: 1700000000 + id,
      })),
      total: 2,
    }));
    api.routes.set('POST /v1/msg/setread', () => {
      unread = 0;
      return { updated: 2 };
    });
    renderPage(<MsgSystemPage />);
    await screen.findByTestId('message-title-1');
    expect(screen.getByTestId('message-unread-count').textContent).toBe('2 条未读');
    const countsBefore = api.callsTo('GET /v1/msg/notify/count').length;

    fireEvent.click(screen.getByTestId('message-read-all'));
    await waitFor(() => expect(api.callsTo('POST /v1/msg/setread')).toHaveLength(1));
    expect(api.callsTo('POST /v1/msg/setread')[0]?.body).toEqual({ all: true, kind: 'notice' });
    await waitFor(() => expect(screen.getByTestId('message-unread-count').textContent).toBe('0 条未读'));
    expect(api.callsTo('GET /v1/msg/notify/count').length).toBeGreaterThan(countsBefore);
    await waitFor(() => expect(screen.queryByTestId('message-read-1')).toBeNull());
  });
});
