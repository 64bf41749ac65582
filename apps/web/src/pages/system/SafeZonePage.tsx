/** Security zones (ids 33, 30, 34, 35): list, add, edit, delete, with help on what a zone means here. */
import { useState } from 'react';
import { Alert, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deleteZone, limits, listZones, Permission, type Zone } from '@hmi/contract';
import { useCallMutation } from '../../api/callQuery';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';
import { KeywordSearch } from '../../shared/KeywordSearch';
import { ListPage } from '../../shared/ListPage';
import { rowActionsColumn } from '../../shared/RowActions';
import { useConfirmAction } from '../../shared/useConfirmAction';
import { usePagedCall } from '../../shared/usePagedCall';
import { ZoneFormModal, type ZoneDialog } from '../../features/system/safeZone/ZoneFormModal';
import { zoneChanged } from '../../features/system/safeZone/zoneChanged';

const PAGE_SIZE = 20;

export function SafeZonePage() {
  const { t } = useTranslation('zone');
  const confirm = useConfirmAction();
  const can = useCan();
  const [dialog, setDialog] = useState<ZoneDialog | null>(null);
  const zones = usePagedCall(listZones, { page: 1, pageSize: PAGE_SIZE });
  const remover = useCallMutation(deleteZone, { invalidates: zoneChanged, handleError: true });

  const remove = (zone: Zone) =>
    confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: zone.name }),
      call: () => remover.mutateAsync({ params: { id: zone.id } }),
      doneText: t('deleted'),
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
    ...rowActionsColumn<Zone>({
      title: t('common.actions'),
      testId: 'zone',
      onEdit: can(Permission.ZONE_EDIT) && ((zone) => setDialog({ mode: 'edit', zone })),
      onDelete: can(Permission.ZONE_DELETE) && remove,
    }),
  ];

  const total = zones.data?.total ?? 0;
  return (
    <ListPage
      testId="page-safeZone"
      title={t('title')}
      add={
        can(Permission.ZONE_ADD) && {
          testId: 'zone-add',
          label: t('add'),
          onClick: () => setDialog({ mode: 'add' }),
          disabled: total >= limits.zonesMax,
        }
      }
      toolbar={
        <>
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
              onSearch={(keyword) => zones.filter({ keyword })}
            />
            <Typography.Text type="secondary">{t('limit', { count: total })}</Typography.Text>
          </Flex>
        </>
      }
      tableTestId="zone-table"
      columns={columns}
      list={zones}
    >
      <ZoneFormModal dialog={dialog} onClose={() => setDialog(null)} />
    </ListPage>
  );
}
