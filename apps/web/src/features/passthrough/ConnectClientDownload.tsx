/**
 * The engineer's pass-through client on /appdownload: one file for Linux, Windows and macOS (it needs
 * Node.js 20 or later, nothing else), and the one line to run on each. The password is asked for when
 * it runs, never written on the line.
 */
import { Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ClientOs = 'linux' | 'windows' | 'macos';
const OSES: readonly ClientOs[] = ['linux', 'windows', 'macos'];
/** Served beside the web app (scripts/build-connect.mjs writes it into the web build). */
const CLIENT_FILE = 'downloads/hmi-connect.mjs';

/** The one-line usage of `os`'s shell (PowerShell on Windows). */
export function connectUsage(os: ClientOs, server: string): string {
  const args = `--server ${server} --account ACCOUNT --device ID --target NAME --port 1502`;
  return os === 'windows' ? `node .\\hmi-connect.mjs ${args}` : `node ./hmi-connect.mjs ${args}`;
}

export function ConnectClientDownload({ server }: { server: string }) {
  const { t } = useTranslation('download');
  const [os, setOs] = useState<ClientOs>(() => guessOs(navigator.userAgent));
  return (
    <Flex vertical gap={8} style={{ width: '100%' }} data-testid="download-connect">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('connect.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('connect.intro')}</Typography.Text>
      <Segmented<ClientOs>
        value={os}
        onChange={setOs}
        options={OSES.map((o) => ({ value: o, label: t(`connect.os.${o}`) }))}
        data-testid="download-connect-os"
      />
      <Typography.Link href={CLIENT_FILE} download="hmi-connect.mjs" data-testid="download-connect-file">
        {t('connect.download', { os: t(`connect.os.${os}`) })}
      </Typography.Link>
      <Typography.Text type="secondary">{t('connect.usage')}</Typography.Text>
      <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="download-connect-usage">
        {connectUsage(os, server)}
      </Typography.Text>
      <Typography.Text type="secondary">{t('connect.then')}</Typography.Text>
    </Flex>
  );
}

function guessOs(agent: string): ClientOs {
  if (/Windows/i.test(agent)) return 'windows';
  if (/Mac OS X|Macintosh/i.test(agent)) return 'macos';
  return 'linux';
}
