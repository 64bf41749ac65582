/**
 * The bell of the top bar: unread count (99+ above 99), and today's messages in a popover that
 * scrolls inside the window and closes once a message or "view all" is chosen.
 */
import { useState } from 'react';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { BellOutlined } from '../../ui/icons';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messageTitle } from '../../features/message/messageTitle';
import { useSession } from '../../session/userStore';

const kindPath = {
  notice: '/message/msgSystem',
  alarm: '/message/msgAlarm',
  billing: '/message/msgBilling',
} as const;

export function TodayMessages() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { messageCounts, todayMessages } = useSession();
  const [open, setOpen] = useState(false);
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  const unread = messageCounts
    ? messageCounts.unread.notice + messageCounts.unread.billing + messageCounts.unread.alarm
    : 0;

  const content = (
    <div style={{ width: 'min(320px, calc(100vw - 48px))' }} data-testid="today-messages">
      {todayMessages.length ? (
        <List
          size="small"
          // A busy day has hundreds: the list scrolls inside the window, the link stays below it.
          style={{ maxHeight: 'calc(100vh - 200px)', overflowY: 'auto' }}
          data-testid="today-messages-list"
          dataSource={todayMessages}
          renderItem={(m) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => go(kindPath[m.kind])}
              extra={
                <Typography.Text type="secondary">{dayjs.unix(m.created_at).format('HH:mm')}</Typography.Text>
              }
            >
              <Typography.Text strong={!m.is_read} ellipsis>
                {messageTitle(m)}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noTodayMessages')} />
      )}
      <Button type="link" block onClick={() => go('/message')}>
        {t('common.viewAllMessages')}
      </Button>
    </div>
  );

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      title={t('common.todayMessages')}
      content={content}
    >
      <Button
        type="text"
        aria-label={t('common.unreadMessages', { count: unread })}
        title={t('common.unreadMessages', { count: unread })}
        data-testid="message-badge"
      >
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
