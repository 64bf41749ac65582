// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode } from '@hmi/contract';
import { field, i18next, renderPage, setLanguage, submitOf } from '../../test/render';
import { RegisterPage } from './RegisterPage';
import * as account from '../../api/account';
import { ApiError } from '../../api/errors';

vi.mock('../../api/account', () => ({
  register: vi.fn(),
  phoneVerify: vi.fn(),
  resendMail: vi.fn(),
  getLoginConfig: vi.fn(),
  getUserInfo: vi.fn(),
  logout: vi.fn(),
}));

const type = (name: string, value: string) =>
  fireEvent.change(field('register', name), { target: { value } });

function fillCommon() {
  type('name', 'Li Lei');
  type('passwd', 'abc12345');
  type('confirm', 'abc12345');
  fireEvent.click(field('register', 'agree'));
}

describe('RegisterPage', { timeout: 20000 }, () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
    vi.mocked(account.getLoginConfig).mockResolvedValue({
      data_center: 'eu',
      data_centers: [
        { id: 'eu', host: '' },
        { id: 'cn', host: '' },
        { id: 'in', host: '' },
      ],
      phone_country_codes: ['+86'],
    });
    vi.mocked(account.register).mockReset();
    vi.mocked(account.phoneVerify).mockReset();
    vi.mocked(account.resendMail).mockReset();
  });

  it('switches between phone (with SMS code) and mail sign-up', async () => {
    renderPage(<RegisterPage />);
    expect(field('register', 'username').getAttribute('placeholder')).toBe(
      i18next.t('auth:register.phonePlaceholder'),
    );
    expect(document.getElementById('register_code')).not.toBeNull();
    expect(screen.getByLabelText(i18next.t('auth:register.countryCode'))).toBeTruthy();

    fireEvent.click(screen.getByTestId('register-type-mail'));
    await waitFor(() => expect(document.getElementById('register_code')).toBeNull());
    expect(field('register', 'username').getAttribute('placeholder')).toBe(
      i18next.t('auth:register.mailPlaceholder'),
    );

    fireEvent.click(screen.getByTestId('register-type-phone'));
    await waitFor(() => expect(document.getElementById('register_code')).not.toBeNull());
  });

  it('shows the translated password rules and the confirm mismatch', async () => {
    renderPage(<RegisterPage />);
    type('passwd', 'abc');
    expect(await screen.findByText('密码长度为 8-16 位')).toBeTruthy();
    type('passwd', 'abcdefgh');
    expect(await screen.findByText(i18next.t('validation:passwordClasses'))).toBeTruthy();
    type('passwd', 'abcd1234');
    type('confirm', 'abcd12345');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    fireEvent.click(submitOf('register'));
    expect(await screen.findByText(i18next.t('auth:register.agreeRequired'))).toBeTruthy();
    expect(account.register).not.toHaveBeenCalled();
  });

  it('shows the validation messages in English too', async () => {
    await setLanguage('en-US');
    renderPage(<RegisterPage />);
    type('username', '12345');
    type('passwd', 'short');
    expect(await screen.findByText('Please enter a valid mobile number')).toBeTruthy();
    expect(await screen.findByText(i18next.t('validation:passwordLength'))).toBeTruthy();
    expect(i18next.t('validation:passwordLength')).toMatch(/8-16/);
  });

  it("checks the phone number before sending an SMS code (in the console's language), then counts down", async () => {
    await setLanguage('zh-TW');
    vi.mocked(account.phoneVerify).mockResolvedValue({ resend_after: 60 });
    renderPage(<RegisterPage />);
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText(i18next.t('validation:required'))).toBeTruthy();
    expect(account.phoneVerify).not.toHaveBeenCalled();

    type('username', '13800138000');
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() =>
      expect(account.phoneVerify).toHaveBeenCalledWith(
        { phone: '13800138000', country_code: '+86', locale: 'zh-TW' },
        'register',
      ),
    );
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/60|59/));
  });

  it('registers by phone with the code and the chosen data centre', async () => {
    vi.mocked(account.register).mockResolvedValue({ activated: true });
    renderPage(<RegisterPage />);
    await waitFor(() => expect(account.getLoginConfig).toHaveBeenCalled());
    type('username', '13800138000');
    type('code', '123456');
    fillCommon();
    fireEvent.click(submitOf('register'));
    expect(await screen.findByText(i18next.t('auth:register.successTitle'))).toBeTruthy();
    expect(account.register).toHaveBeenCalledWith(
      0,
      {
        username: '13800138000',
        passwd: 'abc12345',
        confirm: 'abc12345',
        name: 'Li Lei',
        data_center: 'eu',
        code: '123456',
        agree: true,
        locale: 'zh-CN',
      },
      { handleError: true },
    );
  });

  it('treats 1014 of a mail sign-up as success and offers to resend the mail', async () => {
    vi.mocked(account.register).mockRejectedValue(new ApiError(ErrorCode.GO_ACTIVATE_EMAIL));
    vi.mocked(account.resendMail).mockResolvedValue(null);
    renderPage(<RegisterPage />);
    fireEvent.click(screen.getByTestId('register-type-mail'));
    await waitFor(() => expect(document.getElementById('register_code')).toBeNull());
    type('username', 'li@example.com');
    fillCommon();
    fireEvent.click(submitOf('register'));
    expect(await screen.findByText(i18next.t('auth:register.mailTitle'))).toBeTruthy();
    expect(vi.mocked(account.register).mock.calls[0]?.[0]).toBe(1);
    expect(vi.mocked(account.register).mock.calls[0]?.[1]).not.toHaveProperty('code');

    fireEvent.click(screen.getByTestId('resend-mail'));
    await waitFor(() =>
      expect(account.resendMail).toHaveBeenCalledWith(1, { username: 'li@example.com', locale: 'zh-CN' }),
    );
  });

  it('stays on the form when sign-up fails with another code', async () => {
    vi.mocked(account.register).mockRejectedValue(new ApiError(ErrorCode.USER_EXISTS));
    renderPage(<RegisterPage />);
    type('username', '13800138000');
    type('code', '123456');
    fillCommon();
    fireEvent.click(submitOf('register'));
    await waitFor(() => expect(account.register).toHaveBeenCalled());
    expect(screen.queryByText(i18next.t('auth:register.successTitle'))).toBeNull();
    expect(document.getElementById('register_username')).not.toBeNull();
  });
});
