// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserInfo } from '@hmi/contract';
import { field, i18next, renderPage, setLanguage, submitOf } from '../../test/render';
import { ProfilePage } from './ProfilePage';
import * as account from '../../api/account';
import * as session from '../../session/session';

vi.mock('../../api/account', () => ({
  editUserInfo: vi.fn(),
  changePwd: vi.fn(),
  removal: vi.fn(),
  getLoginConfig: vi.fn(),
  getUserInfo: vi.fn(),
  logout: vi.fn(),
}));
vi.mock('../../session/session', () => ({ useSession: vi.fn() }));

const userInfo: UserInfo = {
  dbuser_id: 7,
  data_center: 'eu',
  name: 'Li Lei',
  created_at: 1735732800,
  contact: '021-12345678',
  alias_name: '',
  dgroup_id: 1,
  template_max_num: 1,
  template_max_id: 0,
  team_name: 'Plant A',
  team_id: 3,
  leader_id: 7,
  is_main: true,
  member_ext: { role_id: null, role_name: null },
  permissions: [],
  project_max_id: 0,
  account: 'li@example.com',
  email: 'li@example.com',
  phone: null,
};

const reloadUserInfo = vi.fn(() => Promise.resolve());
const logout = vi.fn(() => Promise.resolve());

const type = (form: string, name: string, value: string) =>
  fireEvent.change(field(form, name), { target: { value } });

describe('ProfilePage', { timeout: 20000 }, () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
    vi.mocked(session.useSession).mockReturnValue({
      status: 'ready',
      userInfo,
      messageCounts: null,
      todayMessages: [],
      menu: [],
      reloadUserInfo,
      reloadMessageCounts: vi.fn(),
      logout,
    });
    for (const fn of [account.editUserInfo, account.changePwd, account.removal, reloadUserInfo, logout])
      vi.mocked(fn).mockClear();
  });

  it('shows the profile with the data centre and the role', () => {
    renderPage(<ProfilePage />);
    const info = screen.getByTestId('profile-info');
    expect(info.textContent).toContain('li@example.com');
    expect(info.textContent).toContain('Li Lei');
    expect(info.textContent).toContain(i18next.t('auth:dataCenter.eu'));
    expect(info.textContent).toContain(i18next.t('profile:info.mainAccount'));
    expect(info.textContent).toContain(i18next.t('profile:info.notSet'));
    expect(info.textContent).toContain('2025-01-01');
  });

  it('edits name, alias and contact and reloads the user info', async () => {
    vi.mocked(account.editUserInfo).mockResolvedValue({ ...userInfo, alias_name: 'Lei' });
    renderPage(<ProfilePage />);
    fireEvent.click(screen.getByTestId('profile-edit'));
    await waitFor(() => expect(field('profile', 'name').value).toBe('Li Lei'));
    type('profile', 'name', '');
    fireEvent.click(submitOf('profile'));
    expect(await screen.findByText(i18next.t('validation:required'))).toBeTruthy();
    type('profile', 'name', 'Li Lei ');
    type('profile', 'alias_name', 'Lei');
    fireEvent.click(submitOf('profile'));
    await waitFor(() =>
      expect(account.editUserInfo).toHaveBeenCalledWith({
        name: 'Li Lei',
        alias_name: 'Lei',
        contact: '021-12345678',
      }),
    );
    await waitFor(() => expect(reloadUserInfo).toHaveBeenCalled());
  });

  it('checks the new password: rules, different from the current one, confirmed', async () => {
    renderPage(<ProfilePage />);
    type('changePwd', 'old_passwd', 'old-pass1');
    type('changePwd', 'passwd', 'old-pass1');
    expect(await screen.findByText(i18next.t('validation:passwordSame'))).toBeTruthy();
    type('changePwd', 'passwd', 'abc');
    expect(await screen.findByText(i18next.t('validation:passwordLength'))).toBeTruthy();
    type('changePwd', 'passwd', 'new-pass1');
    type('changePwd', 'confirm', 'new-pass2');
    expect(await screen.findByText(i18next.t('validation:passwordConfirm'))).toBeTruthy();
    expect(account.changePwd).not.toHaveBeenCalled();
  });

  it('changes the password and clears the form', async () => {
    vi.mocked(account.changePwd).mockResolvedValue(null);
    renderPage(<ProfilePage />);
    type('changePwd', 'old_passwd', 'old-pass1');
    type('changePwd', 'passwd', 'new-pass1');
    type('changePwd', 'confirm', 'new-pass1');
    fireEvent.click(submitOf('changePwd'));
    await waitFor(() =>
      expect(account.changePwd).toHaveBeenCalledWith({
        old_passwd: 'old-pass1',
        passwd: 'new-pass1',
        confirm: 'new-pass1',
      }),
    );
    await waitFor(() => expect(field('changePwd', 'old_passwd').value).toBe(''));
  });

  it('removes the account after confirmation and logs out', async () => {
    vi.mocked(account.removal).mockResolvedValue(null);
    renderPage(<ProfilePage />);
    fireEvent.click(screen.getByTestId('removal-open'));
    await waitFor(() => expect(document.getElementById('removal_account')).not.toBeNull());
    fireEvent.click(submitOf('removal'));
    expect((await screen.findAllByText(i18next.t('validation:required'))).length).toBeGreaterThanOrEqual(3);
    expect(account.removal).not.toHaveBeenCalled();

    type('removal', 'account', 'li@example.com');
    type('removal', 'true_name', '李雷');
    type('removal', 'passwd', 'secret-1');
    fireEvent.click(submitOf('removal'));
    await waitFor(() =>
      expect(account.removal).toHaveBeenCalledWith({
        account: 'li@example.com',
        true_name: '李雷',
        data_center: 'eu',
        contact: '021-12345678',
        passwd: 'secret-1',
      }),
    );
    await waitFor(() => expect(logout).toHaveBeenCalled());
  });

  it('speaks Traditional Chinese', async () => {
    await setLanguage('zh-TW');
    renderPage(<ProfilePage />);
    expect(screen.getByText('基本資料')).toBeTruthy();
    expect(screen.getAllByText('變更密碼').length).toBeGreaterThan(0);
  });
});
