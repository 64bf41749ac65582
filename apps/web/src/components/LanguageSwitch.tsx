/** Interface language switch: persists the choice and reloads the page (spec section 1). */
import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '@hmi/contract';
import { changeLocale, storedLocale } from '../i18n/locale';

export interface LanguageSwitchProps {
  /** Replaces the persist-and-reload default (tests). */
  onSwitch?: (locale: Locale) => void;
}

export function LanguageSwitch({ onSwitch = changeLocale }: LanguageSwitchProps) {
  const { t } = useTranslation('common');
  const current = storedLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: locales.map((locale) => ({ key: locale, label: t(`languages.${locale}`) })),
        onClick: ({ key }) => onSwitch(key as Locale),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language')} data-testid="language-switch">
        {t(`languages.${current}`)}
      </Button>
    </Dropdown>
  );
}
