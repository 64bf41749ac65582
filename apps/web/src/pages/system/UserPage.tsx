/**
 * Team members (ids 24-27, 38): the team with roles, invitations sent, invite, change role, data
 * permissions, remove, and (main account only) hand the main account over. Invitations addressed to
 * the signed-in account are shown on top.
 */
import { useCallback, useState } from 'react';
import { Alert, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { UserAddOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { listMembers, Permission, removeMember, transferMain, type TeamMember } from '@hmi/contract';
import { useCallMutation } from '../../api/callQuery';
import { useSession } from '../../session/userStore';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';
import { FilterSelect } from '../../shared/FilterSelect';
import { KeywordSearch } from '../../shared/KeywordSearch';
import { ListTable } from '../../shared/ListTable';
import { useConfirmAction } from '../../shared/useConfirmAction';
import { usePagedCall } from '../../shared/usePagedCall';
import { ChangeRoleModal } from '../../features/system/user/ChangeRoleModal';
import { DataPermissionModal } from '../../features/system/user/DataPermissionModal';
import { InviteModal } from '../../features/system/user/InviteModal';
import { ReceivedInvitations } from '../../features/system/user/ReceivedInvitations';
import { SentInvitations } from '../../features/system/user/SentInvitations';
import { useRoleOptions } from '../../features/system/user/roleOptions';
import { teamChanged } from '../../features/system/user/teamChanged';

const PAGE_SIZE = 20;

export function UserPage() {
  const { t } = useTranslation('team');
  const confirm = useConfirmAction();
  const can = useCan();
  const { userInfo } = useSession();
  const [inviting, setInviting] = useState(false);
  const [roleOf, setRoleOf] = useState<TeamMember | null>(null);
  const [grantsOf, setGrantsOf] = useState<TeamMember | null>(null);
  const closeGrants = useCallback(() => setGrantsOf(null), []);
  const roleFilter = useRoleOptions(true);

  const members = usePagedCall(listMembers, { page: 1, pageSize: PAGE_SIZE });
  // Each reloads the members and the invitations sent (a removal voids the member's pending ones).
  const remover = useCallMutation(removeMember, { invalidates: teamChanged, handleError: true });
  const transferrer = useCallMutation(transferMain, { invalidates: teamChanged, handleError: true });
  const isMain = Boolean(userInfo?.is_main);
  const myId = userInfo?.dbuser_id;

  const remove = (member: TeamMember) =>
    confirm({
      title: t('remove.title'),
      content: t('remove.content', { name: member.name }),
      call: () => remover.mutateAsync({ params: { id: member.id } }),
      doneText: t('remove.done'),
    });

  const handOver = (member: TeamMember) =>
    confirm({
      title: t('transfer.title', { name: member.name }),
      content: t('transfer.content', { name: member.name }),
      danger: false,
      call: () => transferrer.mutateAsync({ body: { member_id: member.id } }),
      doneText: t('transfer.sent'),
    });

  const columns: ColumnsType<TeamMember> = [
    {
      title: t('field.account'),
      dataIndex: 'account',
      render: (account: string, m) => (
        <Space size={6} data-testid={`member-${m.account}`}>
          <span>{account}</span>
          {m.id === myId && <Tag>{t('you')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, m) => (m.alias_name ? `${name} (${m.alias_name})` : name),
    },
    {
      title: t('field.role'),
      key: 'role',
      render: (_, m) =>
        m.is_main ? (
          <Tag color="gold">{t('mainAccount')}</Tag>
        ) : m.role_name ? (
          <Tag color="blue" data-testid={`member-role-${m.id}`}>
            {m.role_name}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t('noRole')}</Typography.Text>
        ),
    },
    { title: t('field.joined'), dataIndex: 'joined_at', width: 180, render: (v: number) => formatTime(v) },
  ];
  const anyAction =
    can(Permission.USER_CHANGE_ROLE) ||
    can(Permission.USER_DATA_PERMISSION) ||
    can(Permission.USER_DELETE) ||
    isMain;
  if (anyAction)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 300,
      render: (_, m) =>
        !m.is_main &&
        m.id !== myId && (
          <Space size={0} wrap>
            {can(Permission.USER_CHANGE_ROLE) && (
              <Button
                type="link"
                size="small"
                onClick={() => setRoleOf(m)}
                data-testid={`member-role-edit-${m.id}`}
              >
                {t('changeRole.button')}
              </Button>
            )}
            {can(Permission.USER_DATA_PERMISSION) && (
              <Button
                type="link"
                size="small"
                onClick={() => setGrantsOf(m)}
                data-testid={`member-grants-${m.id}`}
              >
                {t('dataPermission.button')}
              </Button>
            )}
            {isMain && (
              <Button
                type="link"
                size="small"
                onClick={() => handOver(m)}
                data-testid={`member-transfer-${m.id}`}
              >
                {t('transfer.button')}
              </Button>
            )}
            {can(Permission.USER_DELETE) && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => remove(m)}
                data-testid={`member-remove-${m.id}`}
              >
                {t('remove.button')}
              </Button>
            )}
          </Space>
        ),
    });

  return (
    <div data-testid="page-user">
      <ReceivedInvitations />
      <Card
        title={
          <Space size={12}>
            <span>{t('title')}</span>
            {userInfo?.team_name && (
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                {t('teamName', { name: userInfo.team_name })}
              </Typography.Text>
            )}
          </Space>
        }
        extra={
          can(Permission.USER_INVITE) && (
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              onClick={() => setInviting(true)}
              data-testid="member-invite"
            >
              {t('invite.button')}
            </Button>
          )
        }
      >
        <Alert type="info" showIcon title={t('help')} style={{ marginBottom: 16 }} />
        <Flex gap={12} style={{ marginBottom: 16 }} wrap>
          <KeywordSearch
            placeholder={t('keywordPlaceholder')}
            width={280}
            onSearch={(keyword) => members.filter({ keyword })}
          />
          {roleFilter.options.length > 0 && (
            <FilterSelect<number>
              value={members.query.role_id as number | undefined}
              allLabel={t('allRoles')}
              options={roleFilter.options}
              onChange={(role_id) => members.filter({ role_id })}
              width={180}
            />
          )}
        </Flex>
        <ListTable<TeamMember> data-testid="member-table" columns={columns} list={members} />
      </Card>
      <SentInvitations />
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
      <ChangeRoleModal member={roleOf} onClose={() => setRoleOf(null)} />
      <DataPermissionModal member={grantsOf} onClose={closeGrants} />
    </div>
  );
}
