// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { AppDownloadPage, QR_TTL_MS, publicConsoleUrl, qrValue } from './AppDownloadPage';

vi.mock('../../api/account', () => ({ getLoginConfig: vi.fn(() => new Promise(() => undefined)) }));

describe('AppDownloadPage', { timeout: 20000 }, () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('points the QR code at the console and says plainly it is the web app, with no store buttons', () => {
    renderPage(<AppDownloadPage />);
    const url = publicConsoleUrl();
    expect(url).toBe(`${window.location.origin}${window.location.pathname}#/login`);
    expect(screen.queryByTestId('download-android')).toBeNull();
    expect(screen.queryByTestId('download-ios')).toBeNull();
    expect(screen.getByTestId('download-web-app').textContent).toBe(i18next.t('download:webApp'));
    expect(screen.getByTestId('app-qrcode')).toBeTruthy();
    expect(qrValue('https://console.example/#/login', 1_700_000_000_000)).toBe(
      'https://console.example/#/login?from=qr&t=1700000000',
    );
  });

  it('expires the QR code and refreshes it on click', async () => {
    vi.useFakeTimers();
    renderPage(<AppDownloadPage />);
    const expired = i18next.t('common:qrcode.expired');
    expect(screen.queryByText(expired)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(QR_TTL_MS + 10);
    });
    expect(screen.getByText(expired)).toBeTruthy();
    fireEvent.click(screen.getByText(i18next.t('common:qrcode.refresh')));
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText(expired)).toBeNull();
  });
});
