/** The guard's page when the signed-in user could not be loaded: retry, or log out. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { userStore } from '../session/userStore';

export function SessionLoadFailed() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      extra={[
        <Button key="retry" type="primary" onClick={() => void userStore.ensureLoaded()}>
          {t('common.retry')}
        </Button>,
        <Button key="logout" onClick={() => void userStore.logout()}>
          {t('common.logout')}
        </Button>,
      ]}
    />
  );
}
