/** App-wide providers: antd theme and locale, the antd `App` (message / notification / modal). */
import { useEffect, useMemo, type ReactNode } from 'react';
import { App, ConfigProvider, message, notification } from 'antd';
import { useTranslation } from 'react-i18next';
import { ui } from '@hmi/contract';
import { currentLocale } from '../i18n';
import { antdLocale, validateMessages } from './antdLocale';
import { setToastSink } from '../ui/feedback';
import { LoadingOverlay } from './LoadingOverlay';
import { appTheme } from '../ui/theme';

const messageConfig = { maxCount: ui.maxErrorToasts, duration: ui.messageToastSeconds };
const notificationConfig = { duration: ui.notificationSeconds };

// Static calls (outside React) get the same limits as the hook-based ones.
message.config(messageConfig);
notification.config(notificationConfig);

/** Routes the HTTP client's error toasts into the themed `App` message API. */
function ToastBridge() {
  const { message: api } = App.useApp();
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
  return (
    <ConfigProvider theme={appTheme} locale={locale} form={form}>
      <App message={messageConfig} notification={notificationConfig}>
        <ToastBridge />
        <LoadingOverlay />
        {children}
      </App>
    </ConfigProvider>
  );
}
