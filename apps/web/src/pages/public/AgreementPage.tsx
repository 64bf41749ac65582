/**
 * Service agreement or privacy policy (routes /serviceagreement/:lang and /privacyagreement/:lang,
 * lang = cn | en | tw). The document and the page's own labels follow the route's language, so a link
 * sent to someone opens in the language it was sent in.
 */
import { use } from 'react';
import { Card, Flex, Segmented, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AgreementLanguage, agreementLanguages, type Locale } from '@hmi/contract';
import { loadLocale } from '../../i18n';
import { ProductMark } from '../../features/auth/AuthLayout';
import { legalDocuments, type AgreementKind, type AgreementLang } from '../../features/legal/content';

export interface AgreementPageProps {
  kind: AgreementKind;
}

const localeOf = Object.fromEntries(
  Object.entries(AgreementLanguage).map(([locale, lang]) => [lang, locale]),
) as Record<AgreementLang, Locale>;

const isLang = (value: string | undefined): value is AgreementLang =>
  (agreementLanguages as readonly (string | undefined)[]).includes(value);

export const agreementPath = (kind: AgreementKind, lang: AgreementLang) =>
  `/${kind === 'service' ? 'serviceagreement' : 'privacyagreement'}/${lang}`;

export function AgreementPage({ kind }: AgreementPageProps) {
  const params = useParams<{ lang: string }>();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const fallback = AgreementLanguage[i18n.language as Locale] ?? 'cn';
  const lang: AgreementLang = isLang(params.lang) ? params.lang : fallback;
  // The route's language may not be the interface's: its texts load first (the page suspends).
  if (!i18n.hasResourceBundle(localeOf[lang], 'legal')) use(loadLocale(localeOf[lang]));
  const t = i18n.getFixedT(localeOf[lang], 'legal');
  const tAuth = i18n.getFixedT(localeOf[lang], 'auth');
  const doc = legalDocuments[kind][lang];
  const other: AgreementKind = kind === 'service' ? 'privacy' : 'service';

  return (
    <div lang={localeOf[lang]} style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex
        align="center"
        justify="space-between"
        wrap
        gap={token.marginSM}
        style={{
          padding: `${token.paddingSM}px ${token.paddingLG}px`,
          background: token.colorBgContainer,
          borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" gap={token.marginXS}>
          <ProductMark size={28} />
          <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
            {tAuth('common:productName')}
          </Typography.Text>
        </Flex>
        <Segmented<AgreementLang>
          aria-label={t('language')}
          value={lang}
          onChange={(next) => navigate(agreementPath(kind, next), { replace: true })}
          options={agreementLanguages.map((value) => ({ value, label: t(`languages.${value}`) }))}
        />
      </Flex>
      <Flex
        justify="center"
        style={{ padding: `${token.paddingLG}px ${token.padding}px ${token.paddingXL * 2}px` }}
      >
        <Card style={{ width: '100%', maxWidth: 880 }} styles={{ body: { padding: token.paddingXL } }}>
          <article data-testid={`agreement-${kind}-${lang}`}>
            <Typography.Title level={2} style={{ marginTop: 0 }}>
              {doc.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{doc.effective}</Typography.Paragraph>
            {doc.intro.map((text) => (
              <Typography.Paragraph key={text}>{text}</Typography.Paragraph>
            ))}
            {doc.sections.map((section) => (
              <section key={section.heading}>
                <Typography.Title level={4}>{section.heading}</Typography.Title>
                {section.paragraphs.map((text, index) => {
                  if (!text.startsWith('- '))
                    return <Typography.Paragraph key={text}>{text}</Typography.Paragraph>;
                  // Consecutive list items are rendered as one list, at the first item.
                  const previous = section.paragraphs[index - 1];
                  if (previous?.startsWith('- ')) return null;
                  const run: string[] = [];
                  for (const item of section.paragraphs.slice(index)) {
                    if (!item.startsWith('- ')) break;
                    run.push(item.slice(2));
                  }
                  return (
                    <Typography.Paragraph key={text}>
                      <ul>
                        {run.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </Typography.Paragraph>
                  );
                })}
              </section>
            ))}
          </article>
          <Flex
            justify="space-between"
            wrap
            gap={token.marginSM}
            style={{
              marginTop: token.marginXL,
              paddingTop: token.paddingMD,
              borderTop: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Link to={agreementPath(other, lang)}>{t(other)}</Link>
            <Link to="/login">{t('backToLogin')}</Link>
          </Flex>
        </Card>
      </Flex>
    </div>
  );
}
