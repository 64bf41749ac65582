/** Roles (ids 28, 29, 31, 32): list with permissions, zones and members; add, edit, delete. */
import { useState } from 'react';
import { Alert, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deleteRole, listRoles, Permission, permissionGroups, type Role } from '@hmi/contract';
import { useCallMutation } from '../../api/callQuery';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';
import { KeywordSearch } from '../../shared/KeywordSearch';
import { ListPage } from '../../shared/ListPage';
import { rowActionsColumn } from '../../shared/RowActions';
import { useConfirmAction } from '../../shared/useConfirmAction';
import { usePagedCall } from '../../shared/usePagedCall';
import { RoleFormModal, type RoleDialog } from '../../features/system/role/RoleFormModal';
import { roleChanged } from '../../features/system/role/roleChanged';

const PAGE_SIZE = 20;

export function RolePage() {
  const { t } = useTranslation('role');
  const confirm = useConfirmAction();
  const can = useCan();
  const [dialog, setDialog] = useState<RoleDialog | null>(null);
  const roles = usePagedCall(listRoles, { page: 1, pageSize: PAGE_SIZE });
  const remover = useCallMutation(deleteRole, { invalidates: roleChanged, handleError: true });

  const remove = (role: Role) =>
    confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: role.name }),
      call: () => remover.mutateAsync({ params: { id: role.id } }),
      doneText: t('deleted'),
    });

  // The server refuses to delete a role that members hold or open invitations offer (1002 roleInUse).
  const deleteBlocked = (role: Role) =>
    role.member_count
      ? t('inUseMembers', { count: role.member_count })
      : role.invitation_count
        ? t('inUseInvitations', { count: role.invitation_count })
        : null;

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
    ...rowActionsColumn<Role>({
      title: t('common.actions'),
      testId: 'role',
      onEdit: can(Permission.ROLE_EDIT) && ((role) => setDialog({ mode: 'edit', role })),
      onDelete: can(Permission.ROLE_DELETE) && remove,
      deleteBlocked,
    }),
  ];

  return (
    <ListPage
      testId="page-role"
      title={t('title')}
      add={
        can(Permission.ROLE_ADD) && {
          testId: 'role-add',
          label: t('add'),
          onClick: () => setDialog({ mode: 'add' }),
        }
      }
      toolbar={
        <>
          <Alert type="info" showIcon title={t('help')} style={{ marginBottom: 16 }} />
          <Flex gap={12} style={{ marginBottom: 16 }}>
            <KeywordSearch
              placeholder={t('keywordPlaceholder')}
              width={280}
              onSearch={(keyword) => roles.filter({ keyword })}
            />
          </Flex>
        </>
      }
      tableTestId="role-table"
      columns={columns}
      list={roles}
    >
      <RoleFormModal dialog={dialog} onClose={() => setDialog(null)} />
    </ListPage>
  );
}
