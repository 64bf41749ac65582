// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { field, i18next, loginConfig, renderPage, submitOf } from '../../test/render';
import { LoginPage } from './LoginPage';
import * as account from '../../api/account';
import { getToken } from '../../api/tokens';

vi.mock('../../api/account', () => ({
  login: vi.fn(),
  getLoginConfig: vi.fn(),
  getUserInfo: vi.fn(),
  logout: vi.fn(),
}));

const tokens = { token: 'access', refresh_token: 'refresh', expires_in: 3600, host: '' };

describe('LoginPage', { timeout: 20000 }, () => {
  beforeEach(() => {
    vi.mocked(account.getLoginConfig).mockResolvedValue(loginConfig);
    vi.mocked(account.login).mockReset();
  });

  it('names the form fields for stable ids and links to register, forgot password and the agreements', () => {
    renderPage(<LoginPage />, { url: '/login', path: '/login' });
    expect(document.getElementById('login_user')).not.toBeNull();
    expect(document.getElementById('login_passwd')).not.toBeNull();
    expect(screen.getByText(i18next.t('auth:login.register')).closest('a')?.getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByText(i18next.t('auth:login.forgot')).closest('a')?.getAttribute('href')).toBe(
      '/forgetpwd',
    );
    expect(screen.getByTestId('link-service').getAttribute('href')).toBe('#/serviceagreement/cn');
    expect(screen.getByTestId('link-privacy').getAttribute('href')).toBe('#/privacyagreement/cn');
    expect(screen.getByTestId('data-center-picker')).toBeTruthy();
    expect(screen.getByTestId('cookie-banner')).toBeTruthy();
  });

  it('requires account and password before calling login', async () => {
    renderPage(<LoginPage />, { url: '/login', path: '/login' });
    fireEvent.click(submitOf('login'));
    expect(await screen.findAllByText(i18next.t('validation:required'))).toHaveLength(2);
    expect(account.login).not.toHaveBeenCalled();
  });

  it('logs in, stores the session and leaves the login page keeping a deep link', async () => {
    vi.mocked(account.login).mockResolvedValue(tokens);
    renderPage(<LoginPage />, { url: '/login?templateid=7', path: '/login' });
    fireEvent.change(field('login', 'user'), { target: { value: ' 13800138000 ' } });
    fireEvent.change(field('login', 'passwd'), { target: { value: 'secret-1' } });
    fireEvent.click(submitOf('login'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/device/templatelist?templateid=7'),
    );
    expect(account.login).toHaveBeenCalledWith({ user: '13800138000', passwd: 'secret-1' });
    expect(getToken()).toBe('access');
  });

  it('stays on the page when login fails', async () => {
    vi.mocked(account.login).mockRejectedValue(new Error('1004'));
    renderPage(<LoginPage />, { url: '/login', path: '/login' });
    fireEvent.change(field('login', 'user'), { target: { value: 'a@b.cn' } });
    fireEvent.change(field('login', 'passwd'), { target: { value: 'wrong' } });
    fireEvent.click(submitOf('login'));
    await waitFor(() => expect(account.login).toHaveBeenCalled());
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
