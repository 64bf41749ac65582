/** The bell of the top bar: unread count, and today's messages in a popover. */
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
  const unread = messageCounts
    ? messageCounts.unread.notice + messageCounts.unread.billing + messageCounts.unread.alarm
    : 0;

  const content = (
    <div style={{ width: 320 }} data-testid="today-messages">
      {todayMessages.length ? (
        <List
          size="small"
          dataSource={todayMessages}
          renderItem={(m) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(kindPath[m.kind])}
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
      <Button type="link" block onClick={() => void navigate('/message')}>
        {t('common.viewAllMessages')}
      </Button>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t('common.todayMessages')} content={content}>
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
