/**
 * The error page of every route (React Router's `errorElement`): a translated message with a way
 * on, instead of the router's developer page. Kept in the entry chunk, since it shows exactly when
 * chunks cannot be loaded.
 */
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError, forgetChunkReload } from './routes/lazy';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const reload = () => {
    forgetChunkReload();
    window.location.reload();
  };
  const home = () => {
    forgetChunkReload();
    window.location.assign(`${window.location.pathname}#/`);
    window.location.reload();
  };
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '100vh', padding: 24 }}
      role="alert"
      data-testid="route-error"
    >
      <Typography.Title level={3}>{t('common.routeError.title')}</Typography.Title>
      <Typography.Paragraph style={{ maxWidth: 520, textAlign: 'center' }}>
        {t(error instanceof ChunkLoadError ? 'common.routeError.chunk' : 'common.routeError.other')}
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={reload} data-testid="route-error-reload">
          {t('common.routeError.reload')}
        </Button>
        <Button onClick={home} data-testid="route-error-home">
          {t('common.routeError.home')}
        </Button>
      </Flex>
    </Flex>
  );
}
