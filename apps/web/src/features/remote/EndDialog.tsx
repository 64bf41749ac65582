/**
 * The spec's VNC end dialog: why the session ended (each relay close code has its reason: maximum
 * duration, traffic exhausted, device offline, ended by the user, taken over, …) with its duration
 * and the bytes it used.
 */
import { Button, Descriptions, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSize } from '@hmi/contract';
import { formatDuration } from './RemoteToolbar';
import type { SessionEnd } from './useRemoteSession';

export interface EndDialogProps {
  end: SessionEnd | null;
  onBack(): void;
  onAgain(): void;
}

export function EndDialog({ end, onBack, onAgain }: EndDialogProps) {
  const { t } = useTranslation('remote');
  const reason = end?.reason ?? 'unknown';
  const expected = reason === 'user' || reason === 'max_duration' || reason === 'idle';
  return (
    <Modal
      open={end !== null}
      title={t('end.title')}
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="back" onClick={onBack} data-testid="remote-end-back">
          {t('back')}
        </Button>,
        <Button key="again" type="primary" onClick={onAgain} data-testid="remote-end-again">
          {t('end.again')}
        </Button>,
      ]}
    >
      {end && (
        <div data-testid="remote-end-dialog" data-bytes={end.bytes}>
          <Result
            status={expected ? 'info' : 'warning'}
            title={
              <span data-testid="remote-end-reason" data-reason={reason}>
                {t(`end.reason.${reason}`)}
              </span>
            }
            style={{ padding: '16px 0' }}
            extra={
              <Descriptions
                bordered
                size="small"
                column={1}
                items={[
                  { key: 'duration', label: t('end.duration'), children: formatDuration(end.durationS) },
                  {
                    key: 'bytes',
                    label: t('end.bytes'),
                    children: <span data-testid="remote-end-bytes">{formatSize(end.bytes)}</span>,
                  },
                ]}
              />
            }
          />
        </div>
      )}
    </Modal>
  );
}
