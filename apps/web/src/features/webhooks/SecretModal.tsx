/** Shows a webhook's signing secret the one time the server answers it. */
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { modalDefaults } from '../../ui/theme';

/** The OK button's props (a variable: an object literal may not name data attributes). */
const doneButton = { disabled: false, 'data-testid': 'webhook-secret-done' };

export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('webhook');
  return (
    <Modal
      {...modalDefaults}
      open={secret !== null}
      title={t('secretTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('secretDone')}
      okButtonProps={doneButton}
    >
      <Alert type="warning" showIcon message={t('secretOnce')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable code data-testid="webhook-secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
