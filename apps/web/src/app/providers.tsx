/**
 * App-wide providers: the query cache of contract calls, antd theme and locale, and message /
 * notification / modal (`App.useApp()`) through `Feedback`, which loads them on first use.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { queryClient } from '../api/queryClient';
import { antdLocale, validateMessages } from './antdLocale';
import { setToastSink } from '../ui/feedback';
import { LoadingOverlay } from './LoadingOverlay';
import { themeOf } from '../ui/theme';
import { useReducedMotion } from '../ui/reducedMotion';
import { accessibleDefaults } from './accessibleDefaults';
import { nameListboxes } from '../shared/listboxNames';
import { Feedback, useFeedback } from './feedback';

/** Routes the HTTP client's error toasts into the themed `App` message API. */
function ToastBridge() {
  const { message: api } = useFeedback();
  useEffect(() => {
    setToastSink((text, seconds) => void api.error(text, seconds));
    return () => setToastSink(null);
  }, [api]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const locale = useMemo(() => antdLocale(currentLocale, t), [t]);
  const form = useMemo(() => ({ validateMessages: validateMessages(t) }), [t]);
  const a11y = useMemo(() => accessibleDefaults(t), [t]);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeOf(reducedMotion), [reducedMotion]);
  useEffect(() => nameListboxes(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} locale={locale} form={form} {...a11y}>
        <Feedback>
          <ToastBridge />
          <LoadingOverlay />
          {children}
        </Feedback>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
