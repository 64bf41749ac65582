/** Interface language switch: persists the choice and reloads the page (spec section 1). */
import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '../ui/icons';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '@hmi/contract';
import { changeLocale, storedLocale } from '../i18n/locale';
import { onFirstUse, useOnFirstUse } from './onFirstUse';

export interface LanguageSwitchProps {
  /** Replaces the persist-and-reload default (tests). */
  onSwitch?: (locale: Locale) => void;
}

const menuModule = onFirstUse(() => import('./LanguageMenu'));

export function LanguageSwitch({ onSwitch = changeLocale }: LanguageSwitchProps) {
  const { t } = useTranslation('common');
  const current = storedLocale();
  const loaded = useOnFirstUse(menuModule);
  const button = useRef<HTMLButtonElement>(null);
  const { module, wanted } = loaded;
  // The menu's arrival remounts the button: a keyboard user keeps the focus on it.
  useEffect(() => {
    if (module && wanted) button.current?.focus();
  }, [module, wanted]);
  const trigger = (
    <Button
      ref={button}
      type="text"
      icon={<GlobalOutlined />}
      // The visible language name is part of the name (WCAG 2.5.3), with what the button is for.
      aria-label={t('languageCurrent', { language: t(`languages.${current}`) })}
      aria-haspopup="menu"
      data-testid="language-switch"
      // Hovering or focusing fetches the menu; a press before it arrived opens it on arrival.
      onPointerEnter={module ? undefined : loaded.prefetch}
      onFocus={module ? undefined : loaded.prefetch}
      onClick={module ? undefined : loaded.want}
    >
      {t(`languages.${current}`)}
    </Button>
  );
  if (!module) return trigger;
  return (
    <module.LanguageMenu
      current={current}
      items={locales.map((locale) => ({ key: locale, label: t(`languages.${locale}`) }))}
      onSwitch={onSwitch}
      initiallyOpen={wanted}
    >
      {trigger}
    </module.LanguageMenu>
  );
}
