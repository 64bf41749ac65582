// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { i18next, renderPage } from '../test/render';
import { COOKIE_CONSENT_KEY, CookieBanner } from './CookieBanner';

describe('CookieBanner', { timeout: 20000 }, () => {
  it('is hidden and remembered once accepted', () => {
    renderPage(<CookieBanner />);
    expect(screen.getByTestId('cookie-banner')).toBeTruthy();
    expect(screen.getByTestId('cookie-accept').textContent?.replace(/\s/g, '')).toBe(
      i18next.t('auth:cookie.accept'),
    );
    fireEvent.click(screen.getByTestId('cookie-accept'));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
  });

  it('is hidden and remembered once rejected', () => {
    renderPage(<CookieBanner />);
    fireEvent.click(screen.getByTestId('cookie-reject'));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('rejected');
  });

  it('stays hidden when already answered', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'rejected');
    renderPage(<CookieBanner />);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('links to the privacy policy', () => {
    renderPage(<CookieBanner />);
    expect(screen.getByText(i18next.t('auth:cookie.policy')).getAttribute('href')).toBe(
      '#/privacyagreement/cn',
    );
  });
});
