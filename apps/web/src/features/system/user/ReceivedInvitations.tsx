/**
 * Invitations addressed to the signed-in account (spec's `/msg/team/invation`), shown while some are
 * pending. Answering first checks the invitation (`/team/invitation/confirm/check`: still pending,
 * may be accepted), then accepts or rejects it (`/team/invitation/confirm`). After accepting, the user
 * info is read again: rights now come from the role in the new team and the menu follows; a page the
 * role does not open (System → Users, say) is left for the role's landing page first, so the guard
 * has nothing to refuse.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, List, Modal, Space, Tag, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  confirmInvitation,
  InvitationKind,
  InvitationStatus,
  listReceivedInvitations,
  type Invitation,
} from '@hmi/contract';
import { getUserInfo } from '../../../api/account';
import { invalidateCalls, useCallMutation, useCallQuery } from '../../../api/callQuery';
import { checkInvitation } from '../../../api/team';
import { landingPath, mayOpen } from '../../../session/landing';
import { modalDefaults } from '../../../ui/theme';
import { useSession } from '../../../session/userStore';
import { useErrorToast } from '../../../shared/errors';
import { formatTime } from '../../../shared/format';

export function ReceivedInvitations() {
  const { t } = useTranslation('team');
  const { message } = App.useApp();
  const fail = useErrorToast();
  const { reloadUserInfo, reloadMessageCounts } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [checking, setChecking] = useState<number | null>(null);
  const [answering, setAnswering] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);

  const queryClient = useQueryClient();
  const received = useCallQuery(listReceivedInvitations, {
    query: { page: 1, pageSize: 50, status: InvitationStatus.PENDING },
  });
  const confirmer = useCallMutation(confirmInvitation, { handleError: true });
  const pending = received.data?.list ?? [];

  const open = async (invitation: Invitation) => {
    setChecking(invitation.id);
    try {
      setAnswering(await checkInvitation(invitation.id, { handleError: true }));
    } catch (error) {
      fail(error);
      await received.refetch();
    } finally {
      setChecking(null);
    }
  };

  const answer = async (accept: boolean) => {
    if (!answering) return;
    setBusy(accept ? 'accept' : 'reject');
    try {
      await confirmer.mutateAsync({ body: { id: answering.id, accept } });
      void message.success(
        accept ? t('received.accepted', { team: answering.team_name }) : t('received.rejected'),
      );
      setAnswering(null);
      if (accept) {
        // Leave before the new rights apply: the guard would refuse this page under them.
        const next = await getUserInfo();
        if (!mayOpen(next, pathname)) await navigate(landingPath(next), { replace: true });
        await reloadUserInfo();
        // Another team: every answer cached so far was the old team's.
        await queryClient.resetQueries();
      } else await invalidateCalls(queryClient, [listReceivedInvitations]);
      await reloadMessageCounts().catch(() => undefined);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const line = (inv: Invitation) =>
    t(inv.kind === InvitationKind.TRANSFER ? 'received.transfer' : 'received.invite', {
      inviter: inv.inviter_name,
      account: inv.inviter_account,
      team: inv.team_name,
    });

  if (!pending.length) return null;
  return (
    <Card
      size="small"
      title={t('received.title')}
      style={{ marginBottom: 16, borderColor: '#91caff' }}
      data-testid="received-invitations"
    >
      <List
        dataSource={pending}
        renderItem={(inv) => (
          <List.Item
            data-testid={`received-invitation-${inv.id}`}
            actions={[
              <Button
                key="answer"
                type="primary"
                size="small"
                loading={checking === inv.id}
                onClick={() => void open(inv)}
                data-testid={`invitation-answer-${inv.id}`}
              >
                {t('received.answer')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={line(inv)}
              description={
                <Space size={12} wrap>
                  {inv.role_name && <Tag color="blue">{t('received.role', { role: inv.role_name })}</Tag>}
                  <Typography.Text type="secondary">
                    {t('received.expires', { time: formatTime(inv.expires_at) })}
                  </Typography.Text>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        {...modalDefaults}
        open={answering !== null}
        title={t('received.confirmTitle')}
        onCancel={() => setAnswering(null)}
        maskClosable={false}
        destroyOnHidden
        footer={[
          <Button
            key="reject"
            danger
            loading={busy === 'reject'}
            disabled={busy === 'accept'}
            onClick={() => void answer(false)}
            data-testid="invitation-reject"
          >
            {t('received.reject')}
          </Button>,
          <Button
            key="accept"
            type="primary"
            loading={busy === 'accept'}
            disabled={busy === 'reject'}
            onClick={() => void answer(true)}
            data-testid="invitation-accept"
          >
            {t('received.accept')}
          </Button>,
        ]}
      >
        {answering && (
          <Flex vertical gap={8} align="start">
            <Typography.Text strong>{line(answering)}</Typography.Text>
            {answering.role_name && (
              <Tag color="blue">{t('received.role', { role: answering.role_name })}</Tag>
            )}
            <Typography.Text type="secondary">
              {t(answering.kind === InvitationKind.TRANSFER ? 'received.transferNote' : 'received.joinNote')}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('received.expires', { time: formatTime(answering.expires_at) })}
            </Typography.Text>
          </Flex>
        )}
      </Modal>
    </Card>
  );
}
