// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { field, i18next, renderPage, setLanguage, submitOf } from '../../test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import * as account from '../../api/account';

vi.mock('../../api/account', () => ({
  forgetVerify: vi.fn(),
  modifyPwd: vi.fn(),
  getLoginConfig: vi.fn(),
  getUserInfo: vi.fn(),
  logout: vi.fn(),
}));

const type = (name: string, value: string) => fireEvent.change(field('forgot', name), { target: { value } });

describe('ForgotPasswordPage', { timeout: 20000 }, () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
    vi.mocked(account.forgetVerify).mockReset();
    vi.mocked(account.modifyPwd).mockReset();
  });

  it('sends the code to the account and says which channel got it', async () => {
    vi.mocked(account.forgetVerify).mockResolvedValue({ channel: 'mail', resend_after: 60 });
    renderPage(<ForgotPasswordPage />);
    type('username', ' li@example.com ');
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() =>
      expect(account.forgetVerify).toHaveBeenCalledWith({ username: 'li@example.com', locale: 'zh-CN' }),
    );
    expect((await screen.findByTestId('forgot-channel')).textContent).toBe(
      i18next.t('auth:forgot.codeSentMail'),
    );
  });

  it('checks the new password and its confirmation', async () => {
    renderPage(<ForgotPasswordPage />);
    type('username', 'li@example.com');
    type('code', '123456');
    type('passwd', '12345678');
    type('confirm', '12345679');
    fireEvent.click(submitOf('forgot'));
    expect(await screen.findByText(i18next.t('validation:passwordClasses'))).toBeTruthy();
    expect(await screen.findByText(i18next.t('validation:passwordConfirm'))).toBeTruthy();
    expect(account.modifyPwd).not.toHaveBeenCalled();
  });

  it('sets the new password with the code and offers the way back to login', async () => {
    vi.mocked(account.modifyPwd).mockResolvedValue(null);
    renderPage(<ForgotPasswordPage />, { url: '/forgetpwd', path: '/forgetpwd' });
    type('username', '13800138000');
    type('code', '654321');
    type('passwd', 'new-pass1');
    type('confirm', 'new-pass1');
    fireEvent.click(submitOf('forgot'));
    expect(await screen.findByText(i18next.t('auth:forgot.successTitle'))).toBeTruthy();
    expect(account.modifyPwd).toHaveBeenCalledWith({
      username: '13800138000',
      code: '654321',
      passwd: 'new-pass1',
      confirm: 'new-pass1',
    });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(i18next.t('auth:forgot.backToLogin')) }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});
