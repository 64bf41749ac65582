/**
 * Cookie consent banner (spec section 2): accept or reject, remembered in localStorage under
 * `cookieConsent`, and not shown again once answered.
 */
import { useState, type CSSProperties } from 'react';
import { Button, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { AgreementLanguage, type Locale } from '@hmi/contract';

export const COOKIE_CONSENT_KEY = 'cookieConsent';
export type CookieConsent = 'accepted' | 'rejected';

export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'rejected' ? value : null;
  } catch {
    return null;
  }
}

function storeCookieConsent(value: CookieConsent): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // Storage disabled: the banner hides for this page only.
  }
}

/** Agreement route language (cn, en, tw) of an i18next language. */
export function agreementLang(language: string | undefined): string {
  return AgreementLanguage[language as Locale] ?? AgreementLanguage['zh-CN'];
}

export interface CookieBannerProps {
  /**
   * `page`: kept in the page flow at the end (so it never hides the end of the page) and stuck to the
   * bottom of the window while the page scrolls. `brand`: a card in the lower left of the sign-in
   * pages' brand panel (`width` wide), beside the form rather than over it: stuck to the bottom of a
   * 1440×900 window it covered the register form's agreement and button (issue 25).
   */
  dock?: 'page' | 'brand';
  /** The brand panel's width (CSS), for `brand`. */
  width?: string;
}

export function CookieBanner({ dock = 'page', width }: CookieBannerProps) {
  const { t, i18n } = useTranslation('auth');
  const { token } = theme.useToken();
  const [answer, setAnswer] = useState<CookieConsent | null>(readCookieConsent);

  if (answer) return null;

  const reply = (value: CookieConsent) => {
    storeCookieConsent(value);
    setAnswer(value);
  };

  const placement: CSSProperties =
    dock === 'brand'
      ? {
          position: 'fixed',
          left: token.marginLG,
          bottom: token.marginLG,
          width: `calc(${width ?? '40vw'} - ${2 * token.marginLG}px)`,
          borderRadius: token.borderRadiusLG,
          border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
          justifyContent: 'flex-start',
        }
      : {
          position: 'sticky',
          left: 0,
          right: 0,
          borderTop: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
          justifyContent: 'center',
        };

  return (
    <div
      role="region"
      aria-label={t('cookie.policy')}
      data-testid="cookie-banner"
      data-dock={dock}
      style={{
        bottom: 0,
        zIndex: token.zIndexPopupBase - 10,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        padding: `${token.paddingSM}px ${token.paddingLG}px`,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: token.marginMD,
        ...placement,
      }}
    >
      <Typography.Text style={{ maxWidth: 760 }}>
        {t('cookie.text')}{' '}
        <a href={`#/privacyagreement/${agreementLang(i18n.language)}`} target="_blank" rel="noreferrer">
          {t('cookie.policy')}
        </a>
      </Typography.Text>
      <Space>
        <Button onClick={() => reply('rejected')} data-testid="cookie-reject">
          {t('cookie.reject')}
        </Button>
        <Button type="primary" onClick={() => reply('accepted')} data-testid="cookie-accept">
          {t('cookie.accept')}
        </Button>
      </Space>
    </div>
  );
}
