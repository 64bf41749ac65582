/**
 * The configuration screens of a template (view: id 8; changes: id 11) or a project (39; 42): list,
 * open in the viewer (new tab), rename, reorder, delete, export as the product's archive, import;
 * with the change right, add an empty screen and open any in the editor (new tab).
 */
import { useState } from 'react';
import { Button, Flex, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  UploadOutlined,
} from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import {
  deleteScreen,
  listDevices,
  Permission,
  updateScreen,
  type CallResponse,
  type ScreenSummary,
} from '@hmi/contract';
import { useCallMutation, useCallQuery, useInvalidate } from '../../../api/callQuery';
import { exportScreen } from '../../../api/screens';
import { useCan } from '../../../shared/access';
import { formatTime } from '../../../shared/format';
import { ItemDrawer } from '../../../shared/ItemDrawer';
import { toastedByClient, useBusy } from '../../../shared/useBusy';
import { useConfirmAction } from '../../../shared/useConfirmAction';
import { base64ToBlob, downloadBlob } from '../../../shared/xlsx';
import { SCREENS_CHANGED } from './changes';
import { ImportScreensModal } from './ImportScreensModal';
import { NewScreenModal } from './NewScreenModal';
import { moveUpdates } from './order';
import { OpenScreenLink, type ViewerDevice } from './OpenScreenLink';
import {
  editorHref,
  exportOwnerScreens,
  ownerPermissions,
  ownerScreensCall,
  type ScreenOwner,
} from './owner';
import { RenameScreenModal } from './RenameScreenModal';

const ZIP_MIME = 'application/zip';
/** Devices looked at to find those of a template (the devices of its model, one page). */
const MODEL_DEVICES_MAX = 200;
const listOf = (page: CallResponse<typeof listDevices>) => page.list;

export function ScreensDrawer({ owner, onClose }: { owner: ScreenOwner | null; onClose: () => void }) {
  const { t } = useTranslation('screens');
  return (
    <ItemDrawer
      item={owner}
      itemKey={(o) => `${o.kind}-${o.id}`}
      title={(o) => t('title', { name: o.name })}
      size="min(1100px, 96vw)"
      testId="screens-drawer"
      onClose={onClose}
    >
      {(o) => <ScreenList owner={o} />}
    </ItemDrawer>
  );
}

function ScreenList({ owner }: { owner: ScreenOwner }) {
  const { t } = useTranslation('screens');
  const confirm = useConfirmAction();
  const can = useCan();
  const editable = can(ownerPermissions[owner.kind].edit) && !owner.expired;
  const { busy, run } = useBusy<'export' | 'move'>();
  const [renaming, setRenaming] = useState<ScreenSummary | null>(null);
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);

  const screens = useCallQuery(ownerScreensCall(owner), { params: { id: owner.id } });
  const list = screens.data?.list ?? [];
  const invalidate = useInvalidate();
  const screensChanged = () => invalidate(SCREENS_CHANGED);
  const updater = useCallMutation(updateScreen);
  const remover = useCallMutation(deleteScreen, { invalidates: SCREENS_CHANGED });

  // A template's screen shows one device's values: the devices of the template, if the user may
  // open a device's config screen (7) and list devices (2); otherwise the picture alone (a refused
  // or failed list, silently).
  const viewerDevices =
    owner.kind === 'template' &&
    can(Permission.DEVICE_VIEW) &&
    can(Permission.DEVICE_CONFIG_SCREEN) &&
    !!owner.model;
  const modelDevices = useCallQuery(
    listDevices,
    { query: { model: owner.model, pageSize: MODEL_DEVICES_MAX } },
    { enabled: viewerDevices, handleError: true, select: listOf },
  );
  const devices: ViewerDevice[] = (viewerDevices ? (modelDevices.data ?? []) : [])
    .filter((d) => d.template_id === owner.id)
    .map((d) => ({ id: d.id, name: d.name }));

  const move = (index: number, delta: -1 | 1) =>
    run(
      'move',
      async () => {
        for (const u of moveUpdates(list, index, delta))
          await updater.mutateAsync({ params: { id: u.id }, body: { sort: u.sort } });
        await screensChanged();
      },
      // The client has toasted the refusal; the list shows what was saved.
      () => void screensChanged(),
    );

  const remove = (screen: ScreenSummary) =>
    confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: screen.name }),
      call: () => remover.mutateAsync({ params: { id: screen.id } }),
      doneText: t('deleted'),
      onError: toastedByClient,
    });

  const download = (fetch: () => Promise<{ filename: string; content_base64: string }>) =>
    run(
      'export',
      async () => {
        const file = await fetch();
        downloadBlob(base64ToBlob(file.content_base64, ZIP_MIME), file.filename);
      },
      toastedByClient,
    );

  const columns: ColumnsType<ScreenSummary> = [
    {
      title: t('field.order'),
      key: 'order',
      width: 90,
      render: (_, s, index) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('moveUp')}
            disabled={!editable || index === 0 || busy === 'move'}
            onClick={() => void move(index, -1)}
            data-testid={`screen-up-${s.id}`}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('moveDown')}
            disabled={!editable || index === list.length - 1 || busy === 'move'}
            onClick={() => void move(index, 1)}
            data-testid={`screen-down-${s.id}`}
          />
        </Space>
      ),
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, s) => <span data-testid={`screen-name-${s.id}`}>{name}</span>,
    },
    { title: t('field.size'), key: 'size', render: (_, s) => `${s.width} × ${s.height}` },
    { title: t('field.widgets'), dataIndex: 'widget_count' },
    { title: t('field.updatedAt'), dataIndex: 'updated_at', render: (v: number) => formatTime(v) },
    {
      title: t('common.actions'),
      // Not fixed: on a phone a fixed column of four links would hide the names.
      key: 'actions',
      render: (_, s) => (
        <Space size={0} wrap>
          <OpenScreenLink screenId={s.id} devices={devices} />
          <Button
            type="link"
            size="small"
            onClick={() => void download(() => exportScreen(s.id))}
            data-testid={`screen-export-${s.id}`}
          >
            {t('export')}
          </Button>
          {editable && (
            <>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                href={editorHref(s.id)}
                target="_blank"
                rel="noopener"
                data-testid={`screen-edit-${s.id}`}
              >
                {t('edit')}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => setRenaming(s)}
                data-testid={`screen-rename-${s.id}`}
              >
                {t('rename')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => remove(s)}
                data-testid={`screen-delete-${s.id}`}
              >
                {t('common.delete')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex gap={8} wrap justify="flex-end" style={{ marginBottom: 16 }}>
        {editable && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="screens-new">
            {t('new.button')}
          </Button>
        )}
        {editable && (
          <Button
            type="primary"
            icon={<UploadOutlined />}
            onClick={() => setImporting(true)}
            data-testid="screens-import"
          >
            {t('import.button')}
          </Button>
        )}
        <Button
          icon={<DownloadOutlined />}
          loading={busy === 'export'}
          disabled={!list.length}
          onClick={() => void download(() => exportOwnerScreens(owner))}
          data-testid="screens-export"
        >
          {t('exportAll')}
        </Button>
      </Flex>
      <Table<ScreenSummary>
        rowKey="id"
        data-testid="screens-table"
        columns={columns}
        dataSource={list}
        loading={screens.isLoading || busy === 'move'}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{t('empty')}</Typography.Text> }}
      />
      <RenameScreenModal
        screen={renaming}
        onClose={() => setRenaming(null)}
        onSaved={() => void screensChanged()}
      />
      <NewScreenModal
        owner={owner}
        open={adding}
        sort={list.length ? Math.max(...list.map((s) => s.sort)) + 1 : 0}
        onClose={() => setAdding(false)}
        onSaved={() => void screensChanged()}
      />
      <ImportScreensModal
        open={importing}
        owner={owner}
        onClose={() => setImporting(false)}
        onImported={() => void screensChanged()}
      />
    </>
  );
}
