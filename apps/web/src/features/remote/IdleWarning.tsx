/**
 * The relay's warning that the session ends soon for want of input (the team's idle minutes), with
 * the time left; any key or pointer input on the screen takes it back.
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDuration, useNow } from './RemoteToolbar';

export function IdleWarning({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation('remote');
  const now = useNow();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={t('idle.warning', { time: formatDuration((endsAt - now) / 1000) })}
      data-testid="remote-idle"
    />
  );
}
