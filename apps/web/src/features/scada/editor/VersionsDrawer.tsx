/** The saved versions of the screen, newest first; any but the current one can be restored. */
import { Button, Drawer, List, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listScreenVersions } from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { formatTime } from '../../../shared/format';

export function VersionsDrawer({
  screenId,
  current,
  open,
  dirty,
  onClose,
  onRestore,
}: {
  screenId: number;
  current: number;
  open: boolean;
  /** Unsaved changes would be replaced by the restored version: the confirmation says so. */
  dirty: boolean;
  onClose(): void;
  onRestore(version: number): void;
}) {
  const { t } = useTranslation('editor');
  // Loaded again for each opening; a save or restore in the editor makes the list stale.
  const versions = useCallQuery(listScreenVersions, { params: { id: screenId } }, { enabled: open });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('versions.title')}
      size="default"
      data-testid="editor-versions"
    >
      <List
        loading={versions.isLoading}
        dataSource={versions.data?.list ?? []}
        renderItem={(v) => (
          <List.Item
            data-testid={`editor-version-${v.version}`}
            actions={
              v.version === current
                ? [<Tag key="current">{t('versions.current')}</Tag>]
                : [
                    <Popconfirm
                      key="restore"
                      title={t('versions.restoreTitle', { version: v.version })}
                      description={dirty ? t('versions.restoreDirty') : undefined}
                      okText={t('versions.restore')}
                      onConfirm={() => onRestore(v.version)}
                    >
                      <Button size="small" data-testid={`editor-restore-${v.version}`}>
                        {t('versions.restore')}
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              title={t('versions.item', { version: v.version })}
              description={
                <Typography.Text type="secondary">
                  {formatTime(v.saved_at)} · {v.saved_by ?? t('versions.unknown')} ·{' '}
                  {t('versions.widgets', { count: v.widget_count })}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
