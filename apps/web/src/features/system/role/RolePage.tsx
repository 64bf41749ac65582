/** Roles (ids 28, 29, 31, 32): list with permissions, zones and members; add, edit, delete. */
import { useCallback, useState } from 'react';
import { Alert, App, Button, Card, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission, permissionGroups, type Role } from '@hmi/contract';
import { deleteRole, listRoles, type RoleQuery } from '../../../api/roles';
import { useDialogs } from '../../../app/dialogs';
import { useCan } from '../../../shared/access';
import { useErrorToast } from '../../../shared/errors';
import { formatTime } from '../../../shared/format';
import { useLoad } from '../../../shared/useLoad';
import { KeywordSearch } from '../../../shared/KeywordSearch';
import { usePagination } from '../../../shared/usePagination';
import { RoleFormModal, type RoleDialog } from './RoleFormModal';
import { RowActions } from '../../../shared/RowActions';

const PAGE_SIZE = 20;

export function RolePage() {
  const { t } = useTranslation('role');
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const fail = useErrorToast();
  const can = useCan();
  const [query, setQuery] = useState<RoleQuery>({ page: 1, pageSize: PAGE_SIZE });
  const [dialog, setDialog] = useState<RoleDialog | null>(null);

  const fetch = useCallback(() => listRoles(query), [query]);
  const roles = useLoad(fetch);
  const pagination = usePagination(query, setQuery, roles.data?.total);

  const remove = (role: Role) =>
    dialogs.confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: role.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteRole(role.id, { handleError: true });
          void message.success(t('deleted'));
          await roles.reload();
        } catch (error) {
          fail(error);
        }
      },
    });

  const areasOf = (role: Role) =>
    permissionGroups.filter((g) => role.permissions.includes(g.view)).map((g) => t(`area.${g.area}`));

  const columns: ColumnsType<Role> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, r) => <span data-testid={`role-name-${r.id}`}>{name}</span>,
    },
    {
      title: t('field.permissions'),
      key: 'permissions',
      render: (_, r) => {
        const areas = areasOf(r);
        return (
          <Tooltip title={areas.join(' / ')}>
            <Flex wrap gap={4} style={{ maxWidth: 420 }}>
              {areas.slice(0, 4).map((a) => (
                <Tag key={a} variant="filled" style={{ marginInlineEnd: 0 }}>
                  {a}
                </Tag>
              ))}
              <Typography.Text type="secondary">
                {t('permissionCount', { count: r.permissions.length })}
              </Typography.Text>
            </Flex>
          </Tooltip>
        );
      },
    },
    {
      title: t('field.zones'),
      key: 'zones',
      render: (_, r) =>
        r.zones.length ? (
          <Flex wrap gap={4}>
            {r.zones.map((z) => (
              <Tag key={z.id} color="blue" style={{ marginInlineEnd: 0 }}>
                {z.name}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('noZones')}</Typography.Text>
        ),
    },
    { title: t('field.members'), dataIndex: 'member_count', width: 100 },
    { title: t('field.createdAt'), dataIndex: 'created_at', render: (v: number) => formatTime(v) },
  ];
  if (can(Permission.ROLE_EDIT) || can(Permission.ROLE_DELETE))
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          testId="role"
          id={r.id}
          onEdit={can(Permission.ROLE_EDIT) && (() => setDialog({ mode: 'edit', role: r }))}
          onDelete={can(Permission.ROLE_DELETE) && (() => remove(r))}
        />
      ),
    });

  return (
    <Card
      data-testid="page-role"
      title={t('title')}
      extra={
        can(Permission.ROLE_ADD) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ mode: 'add' })}
            data-testid="role-add"
          >
            {t('add')}
          </Button>
        )
      }
    >
      <Alert type="info" showIcon title={t('help')} style={{ marginBottom: 16 }} />
      <Flex gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch
          placeholder={t('keywordPlaceholder')}
          width={280}
          onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword }))}
        />
      </Flex>
      <Table<Role>
        rowKey="id"
        data-testid="role-table"
        columns={columns}
        dataSource={roles.data?.list ?? []}
        loading={roles.loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common.noData') }}
        pagination={pagination}
      />
      <RoleFormModal dialog={dialog} onClose={() => setDialog(null)} onSaved={() => void roles.reload()} />
    </Card>
  );
}
