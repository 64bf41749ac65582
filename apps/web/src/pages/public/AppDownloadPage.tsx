/**
 * Mobile page (/appdownload): a QR code of the console's own public address, to open it on a phone,
 * and the plain word that the console is the web app (no store app), to add to the home screen from
 * the browser. The QR code expires after a while
 * (it carries the time it was issued) and is refreshed with a click. Below it, the engineer's
 * pass-through client (features/passthrough/ConnectClientDownload.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import { Divider, Flex, QRCode, Typography, theme, type QRCodeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../features/auth/AuthLayout';
import { ConnectClientDownload } from '../../features/passthrough/ConnectClientDownload';
import { authPaths } from '../../features/auth/paths';

/** How long a shown QR code stays valid. */
export const QR_TTL_MS = 5 * 60 * 1000;
const REFRESH_DELAY_MS = 400;

/** The console's public address: where this page is served from, at its login route. */
export function publicConsoleUrl(location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}#${authPaths.login}`;
}

export function qrValue(base: string, issuedAt: number): string {
  return `${base}?${new URLSearchParams({ from: 'qr', t: String(Math.floor(issuedAt / 1000)) }).toString()}`;
}

export function AppDownloadPage() {
  const { t } = useTranslation('download');
  const { token } = theme.useToken();
  const url = publicConsoleUrl();
  const [issuedAt, setIssuedAt] = useState(() => Date.now());
  const [status, setStatus] = useState<QRCodeProps['status']>('active');

  useEffect(() => {
    if (status !== 'active') return undefined;
    const timer = window.setTimeout(() => setStatus('expired'), QR_TTL_MS);
    return () => window.clearTimeout(timer);
  }, [status, issuedAt]);

  const refresh = useCallback(() => {
    setStatus('loading');
    window.setTimeout(() => {
      setIssuedAt(Date.now());
      setStatus('active');
    }, REFRESH_DELAY_MS);
  }, []);

  return (
    <AuthLayout
      title={t('title')}
      subtitle={t('subtitle')}
      width={480}
      footer={<Link to={authPaths.login}>{t('backToLogin')}</Link>}
    >
      <Flex vertical align="center" gap={token.marginMD}>
        <QRCode
          data-testid="app-qrcode"
          value={qrValue(url, issuedAt)}
          size={200}
          status={status}
          onRefresh={refresh}
          color={token.colorText}
          bgColor={token.colorBgContainer}
        />
        <Typography.Text type="secondary">{t('scan')}</Typography.Text>
        {/* No store apps exist: Android/iOS buttons that led to this same address promised one. */}
        <Typography.Paragraph style={{ margin: 0, textAlign: 'center' }} data-testid="download-web-app">
          {t('webApp')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: 0, textAlign: 'center' }}>
          {t('openOnPhone')}
          <br />
          <Typography.Text copyable={{ text: url }} code>
            {url}
          </Typography.Text>
        </Typography.Paragraph>
        <Divider style={{ margin: 0 }} />
        <ConnectClientDownload server={window.location.origin} />
      </Flex>
    </AuthLayout>
  );
}
