import { Trans, useTranslation } from 'react-i18next';
import { agreementLang } from '../../components/CookieBanner';

/**
 * A sentence of the `auth` namespace with `<service>` and `<privacy>` marks, rendered with links to the
 * agreements in the current language (opened in a new tab).
 */
export function AgreementText({ i18nKey }: { i18nKey: 'login.agreement' | 'register.agree' }) {
  const { t, i18n } = useTranslation('auth');
  const lang = agreementLang(i18n.language);
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      components={{
        service: (
          <a
            href={`#/serviceagreement/${lang}`}
            target="_blank"
            rel="noreferrer"
            data-testid="link-service"
          />
        ),
        privacy: (
          <a
            href={`#/privacyagreement/${lang}`}
            target="_blank"
            rel="noreferrer"
            data-testid="link-privacy"
          />
        ),
      }}
    />
  );
}
