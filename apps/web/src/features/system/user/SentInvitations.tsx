/** Invitations sent by the team with their state; pending ones can be cancelled (25). */
import { useState } from 'react';
import { Button, Card, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  cancelInvitation,
  InvitationStatus,
  listInvitations,
  Permission,
  type Invitation,
  type InvitationStatusValue,
} from '@hmi/contract';
import { useCallMutation, useCallQuery } from '../../../api/callQuery';
import type { InvitationQuery } from '../../../api/team';
import { useCan } from '../../../shared/access';
import { formatTime } from '../../../shared/format';
import { useConfirmAction } from '../../../shared/useConfirmAction';
import { teamChanged } from './teamChanged';

const statusColor: Record<InvitationStatusValue, string> = {
  pending: 'processing',
  accepted: 'success',
  rejected: 'error',
  cancelled: 'default',
  voided: 'warning',
};

export function SentInvitations() {
  const { t } = useTranslation('team');
  const confirm = useConfirmAction();
  const can = useCan();
  const [query, setQuery] = useState<InvitationQuery>({ page: 1, pageSize: 10 });

  // Reloaded whenever the team changes (an invitation sent, a member removed, the main account offered).
  const invitations = useCallQuery(listInvitations, { query });
  const canceller = useCallMutation(cancelInvitation, { invalidates: teamChanged, handleError: true });

  const cancel = (inv: Invitation) =>
    confirm({
      title: t('invitations.cancelTitle'),
      content: t('invitations.cancelContent', { account: inv.invitee_account }),
      call: () => canceller.mutateAsync({ params: { id: inv.id } }),
      doneText: t('invitations.cancelled'),
    });

  const columns: ColumnsType<Invitation> = [
    {
      title: t('field.invitee'),
      key: 'invitee',
      render: (_, i) => `${i.invitee_name} (${i.invitee_account})`,
    },
    { title: t('field.kind'), dataIndex: 'kind', render: (k: string) => t(`invitations.kind.${k}`) },
    { title: t('field.role'), dataIndex: 'role_name', render: (v: string | null) => v ?? '-' },
    { title: t('field.inviter'), dataIndex: 'inviter_name' },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (s: InvitationStatusValue, i) => (
        <Tag color={statusColor[s]} data-testid={`invitation-status-${i.id}`}>
          {t(`enums.invitationStatus.${s}`)}
        </Tag>
      ),
    },
    { title: t('field.sentAt'), dataIndex: 'created_at', render: (v: number) => formatTime(v) },
    {
      title: t('field.expiresAt'),
      dataIndex: 'expires_at',
      render: (v: number, i) => (i.status === InvitationStatus.PENDING ? formatTime(v) : '-'),
    },
  ];
  if (can(Permission.USER_INVITE))
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, i) =>
        i.status === InvitationStatus.PENDING && (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => cancel(i)}
            data-testid={`invitation-cancel-${i.id}`}
          >
            {t('invitations.cancel')}
          </Button>
        ),
    });

  return (
    <Card
      title={t('invitations.title')}
      style={{ marginTop: 16 }}
      data-testid="sent-invitations"
      extra={
        <Select<InvitationStatusValue | 'all'>
          value={query.status ?? 'all'}
          style={{ width: 140 }}
          onChange={(v) => setQuery((q) => ({ ...q, page: 1, status: v === 'all' ? undefined : v }))}
          options={[
            { value: 'all', label: t('invitations.allStatus') },
            ...Object.values(InvitationStatus).map((s) => ({
              value: s,
              label: t(`enums.invitationStatus.${s}`),
            })),
          ]}
        />
      }
    >
      <Table<Invitation>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={invitations.data?.list ?? []}
        loading={invitations.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('invitations.empty') }}
        pagination={{
          current: query.page as number,
          pageSize: query.pageSize as number,
          total: invitations.data?.total ?? 0,
          showTotal: (total) => t('common.pagination.total', { total }),
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
        }}
      />
    </Card>
  );
}
