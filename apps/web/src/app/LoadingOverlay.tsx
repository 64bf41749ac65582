import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoadingVisible } from './loading';

/** Shown while `window.$loading` has unfinished starts. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const visible = useLoadingVisible();
  return <Spin fullscreen spinning={visible} description={t('common.loading')} />;
}
