// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { ActiveResultPage } from './ActiveResultPage';
import * as account from '../../api/account';
import { ApiError } from '../../api/errors';

vi.mock('../../api/account', () => ({
  activate: vi.fn(),
  getLoginConfig: vi.fn(),
  getUserInfo: vi.fn(),
  logout: vi.fn(),
}));

// Each test uses its own code: the page remembers the outcome of a code it already sent.
const code = (n: number) => `activation-code-${String(n).padStart(8, '0')}`;
const open = (activationCode: string) =>
  renderPage(<ActiveResultPage />, { url: `/activeresult?code=${activationCode}`, path: '/activeresult' });

describe('ActiveResultPage', { timeout: 20000 }, () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
    vi.mocked(account.activate).mockReset();
  });

  it('shows success for code 0 and leads to login', async () => {
    vi.mocked(account.activate).mockResolvedValue({ username: 'li@example.com' });
    open(code(1));
    expect(await screen.findByTestId('activation-success')).toBeTruthy();
    expect(screen.getByText(i18next.t('auth:activate.successTitle'))).toBeTruthy();
    expect(screen.getByText(/li@example\.com/)).toBeTruthy();
    expect(account.activate).toHaveBeenCalledWith(code(1), { handleError: true });
    fireEvent.click(
      screen.getByRole('button', {
        name: new RegExp(i18next.t('auth:activate.login').split('').join('\\s*')),
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });

  it('shows "expired" for 1020 and offers to register again', async () => {
    vi.mocked(account.activate).mockRejectedValue(new ApiError(ErrorCode.ACTIVATION_LINK_EXPIRED));
    open(code(2));
    expect(await screen.findByTestId('activation-expired')).toBeTruthy();
    expect(screen.getByText(i18next.t('auth:activate.expiredTitle'))).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', {
        name: new RegExp(i18next.t('auth:activate.registerAgain').split('').join('\\s*')),
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/register'));
  });

  it('shows "invalid" for 1003', async () => {
    vi.mocked(account.activate).mockRejectedValue(new ApiError(ErrorCode.NO_DATA));
    open(code(3));
    expect(await screen.findByTestId('activation-invalid')).toBeTruthy();
    expect(screen.getByText(i18next.t('auth:activate.invalidTitle'))).toBeTruthy();
  });

  it('shows "invalid" without a call when the link has no code', async () => {
    renderPage(<ActiveResultPage />, { url: '/activeresult', path: '/activeresult' });
    expect(await screen.findByTestId('activation-invalid')).toBeTruthy();
    expect(account.activate).not.toHaveBeenCalled();
  });

  it('shows the translated error for any other failure', async () => {
    vi.mocked(account.activate).mockRejectedValue(new ApiError('ERR_NETWORK'));
    open(code(4));
    expect(await screen.findByTestId('activation-failed')).toBeTruthy();
    expect(screen.getByText(i18next.t('errors:ERR_NETWORK'))).toBeTruthy();
  });

  it('renders in English', async () => {
    await setLanguage('en-US');
    vi.mocked(account.activate).mockRejectedValue(new ApiError(ErrorCode.ACTIVATION_LINK_EXPIRED));
    open(code(5));
    expect(await screen.findByText('Activation link expired')).toBeTruthy();
  });
});
