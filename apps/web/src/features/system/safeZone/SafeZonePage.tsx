/** Security zones (ids 33, 30, 34, 35): list, add, edit, delete, with help on what a zone means here. */
import { useCallback, useState } from 'react';
import { Alert, App, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits, Permission, type Zone } from '@hmi/contract';
import { deleteZone, listZones, type ZoneQuery } from '../../../api/zones';
import { useDialogs } from '../../../app/dialogs';
import { useCan } from '../../../shared/access';
import { useErrorToast } from '../../../shared/errors';
import { formatTime } from '../../../shared/format';
import { useLoad } from '../../../shared/useLoad';
import { KeywordSearch } from '../../../shared/KeywordSearch';
import { usePagination } from '../../../shared/usePagination';
import { ZoneFormModal, type ZoneDialog } from './ZoneFormModal';
import { RowActions } from '../../../shared/RowActions';

const PAGE_SIZE = 20;

export function SafeZonePage() {
  const { t } = useTranslation('zone');
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const fail = useErrorToast();
  const can = useCan();
  const [query, setQuery] = useState<ZoneQuery>({ page: 1, pageSize: PAGE_SIZE });
  const [dialog, setDialog] = useState<ZoneDialog | null>(null);

  const fetch = useCallback(() => listZones(query), [query]);
  const zones = useLoad(fetch);

  const remove = (zone: Zone) =>
    dialogs.confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: zone.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteZone(zone.id, { handleError: true });
          void message.success(t('deleted'));
          await zones.reload();
        } catch (error) {
          fail(error);
        }
      },
    });

  const tags = (items: string[], color?: string) =>
    items.length ? (
      <Flex wrap gap={4} style={{ maxWidth: 360 }}>
        {items.map((item) => (
          <Tag key={item} color={color} style={{ marginInlineEnd: 0 }}>
            {item}
          </Tag>
        ))}
      </Flex>
    ) : (
      '-'
    );

  const columns: ColumnsType<Zone> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, z) => <span data-testid={`zone-name-${z.id}`}>{name}</span>,
    },
    {
      title: t('field.devices'),
      key: 'devices',
      render: (_, z) => t('count', { count: z.device_ids.length }),
    },
    {
      title: t('field.groups'),
      key: 'groups',
      render: (_, z) => t('count', { count: z.group_ids.length }),
    },
    {
      title: t('field.networks'),
      key: 'networks',
      render: (_, z) =>
        z.networks.length ? (
          tags(z.networks)
        ) : (
          <Typography.Text type="secondary">{t('anyNetwork')}</Typography.Text>
        ),
    },
    {
      title: t('field.roles'),
      key: 'roles',
      render: (_, z) =>
        tags(
          z.roles.map((r) => r.name),
          'blue',
        ),
    },
    { title: t('field.createdAt'), dataIndex: 'created_at', render: (v: number) => formatTime(v) },
  ];
  if (can(Permission.ZONE_EDIT) || can(Permission.ZONE_DELETE))
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, z) => (
        <RowActions
          testId="zone"
          id={z.id}
          onEdit={can(Permission.ZONE_EDIT) && (() => setDialog({ mode: 'edit', zone: z }))}
          onDelete={can(Permission.ZONE_DELETE) && (() => remove(z))}
        />
      ),
    });

  const total = zones.data?.total ?? 0;
  const pagination = usePagination(query, setQuery, total);
  return (
    <Card
      data-testid="page-safeZone"
      title={t('title')}
      extra={
        can(Permission.ZONE_ADD) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={total >= limits.zonesMax}
            onClick={() => setDialog({ mode: 'add' })}
            data-testid="zone-add"
          >
            {t('add')}
          </Button>
        )
      }
    >
      <Alert
        type="info"
        showIcon
        title={t('helpTitle')}
        description={t('help')}
        style={{ marginBottom: 16 }}
        data-testid="zone-help"
      />
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch
          placeholder={t('keywordPlaceholder')}
          width={280}
          onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword }))}
        />
        <Typography.Text type="secondary">{t('limit', { count: total })}</Typography.Text>
      </Flex>
      <Table<Zone>
        rowKey="id"
        data-testid="zone-table"
        columns={columns}
        dataSource={zones.data?.list ?? []}
        loading={zones.loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common.noData') }}
        pagination={pagination}
      />
      <ZoneFormModal dialog={dialog} onClose={() => setDialog(null)} onSaved={() => void zones.reload()} />
    </Card>
  );
}
