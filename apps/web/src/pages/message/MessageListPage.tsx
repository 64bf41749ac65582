/**
 * The message centre (spec sections 2 and 4): one page per kind (system notices, alarms, billing
 * with id 23) under tabs showing unread counts; filters by read state, time range, keyword (and
 * billing type); today's messages of the kind; mark one or all read, then the counts are reloaded.
 */
import { useState } from 'react';
import { Badge, Card, Flex, Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BillingMessageType, MessageKind, type Message, type MessageKindValue } from '@hmi/contract';
import { invalidateCalls, useCallQuery } from '../../api/callQuery';
import { localHoursFromUtc, messageCalls, type MessageQuery } from '../../api/message';
import { queryClient } from '../../api/queryClient';
import { useSession } from '../../session/userStore';
import { useClearable } from '../../shared/clearable';
import { FilterSelect } from '../../shared/FilterSelect';
import { ListTable } from '../../shared/ListTable';
import { usePagedCall } from '../../shared/usePagedCall';
import { ReceivedInvitations } from '../../features/system/user/ReceivedInvitations';
import { MessageCentreTabs, messageCentreTabs } from '../../features/message/MessageCentreTabs';
import { messageBody } from '../../features/message/messageBody';
import { messageTitle } from '../../features/message/messageTitle';
import {
  DayRangeFilter,
  ReadStateFilter,
  timeAndReadColumns,
  UnreadActions,
  useMarkRead,
} from '../../components/messageReadControls';

const PAGE_SIZE = 20;

export function MessageListPage({ kind }: { kind: MessageKindValue }) {
  const { t } = useTranslation('message');
  const clearable = useClearable();
  const { messageCounts, reloadMessageCounts } = useSession();
  const [keyword, setKeyword] = useState('');
  const messages = usePagedCall(messageCalls.listMessages, { page: 1, pageSize: PAGE_SIZE, kind });
  const { query, filter } = messages;
  const today = useCallQuery(
    messageCalls.getTodayMessages,
    { query: { kind, limit: 5, tz_offset: localHoursFromUtc() } },
    { handleError: true },
  );

  const unread = messageCounts?.unread[kind] ?? 0;

  // Marking read changes the list, today's messages and the counts (the session's, in the menu).
  const refresh = () =>
    Promise.all([
      invalidateCalls(queryClient, [{ pathPrefix: '/msg/notify' }]),
      reloadMessageCounts().catch(() => undefined),
    ]);

  const { marking, markRead } = useMarkRead(refresh);

  // A filter change also applies the keyword typed so far, searched or not.
  const applyFilters = (patch: Partial<MessageQuery>) =>
    filter({ ...patch, keyword: keyword.trim() || undefined });

  const columns: ColumnsType<Message> = [
    {
      title: t('field.title'),
      key: 'title',
      width: 220,
      render: (_, m) => (
        <Flex gap={8} align="center">
          <Badge status={m.is_read ? 'default' : 'processing'} />
          <Typography.Text strong={!m.is_read} data-testid={`message-title-${m.id}`}>
            {messageTitle(m)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('field.content'),
      key: 'content',
      render: (_, m) => (
        <Typography.Paragraph
          style={{ marginBottom: 0 }}
          ellipsis={{ rows: 2, expandable: true }}
          data-testid={`message-content-${m.id}`}
        >
          {messageBody(m)}
        </Typography.Paragraph>
      ),
    },
    ...(kind === MessageKind.BILLING
      ? [
          {
            title: t('field.type'),
            key: 'type',
            width: 160,
            render: (_: unknown, m: Message) =>
              m.type ? <Tag>{t(`enums.billingMessageType.${m.type}`)}</Tag> : '-',
          },
        ]
      : []),
    ...timeAndReadColumns<Message>({
      timeTitle: t('field.time'),
      readTitle: t('field.status'),
      testIdPrefix: 'message',
      markRead,
    }),
  ];

  const todayList = today.data?.list ?? [];

  return (
    <div
      data-testid={`page-${messageCentreTabs.find((tab) => tab.kind === kind)?.path.split('/')[2] ?? kind}`}
    >
      {/* On every tab: the invitation's own message is a billing one, where the bell leads. */}
      <ReceivedInvitations />
      <Card>
        <MessageCentreTabs active={kind} />
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <ReadStateFilter onFilter={applyFilters} testId="message-read-filter" />
          <DayRangeFilter onFilter={applyFilters} />
          {kind === MessageKind.BILLING && (
            <FilterSelect<number>
              value={query.type as number | undefined}
              allLabel={t('allTypes')}
              options={Object.values(BillingMessageType).map((type) => ({
                value: type,
                label: t(`enums.billingMessageType.${type}`),
              }))}
              onChange={(type) => filter({ type })}
              width={200}
            />
          )}
          <Input.Search
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(value) => filter({ keyword: value.trim() || undefined })}
            allowClear={clearable.input}
            placeholder={t('keywordPlaceholder')}
            aria-label={t('keywordPlaceholder')}
            style={{ width: 260 }}
          />
          <UnreadActions
            unread={unread}
            marking={marking}
            onMarkAll={() => void markRead({ all: true, kind })}
            testIdPrefix="message"
          />
        </Flex>
        <Flex
          gap={8}
          wrap
          align="center"
          style={{ marginBottom: 16, padding: '8px 12px', background: '#f5f8ff', borderRadius: 6 }}
          data-testid="message-today"
        >
          <Typography.Text strong>{t('today')}</Typography.Text>
          <Typography.Text type="secondary">
            {t('todayCount', { count: today.data?.total ?? 0 })}
          </Typography.Text>
          {todayList.length ? (
            todayList.map((m) => (
              <Tag key={m.id} variant="outlined" style={{ marginInlineEnd: 0, background: '#fff' }}>
                <Typography.Text strong={!m.is_read} ellipsis style={{ maxWidth: 220 }}>
                  {messageTitle(m)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  {dayjs.unix(m.created_at).format('HH:mm')}
                </Typography.Text>
              </Tag>
            ))
          ) : (
            <Typography.Text type="secondary">{t('todayEmpty')}</Typography.Text>
          )}
        </Flex>
        <ListTable<Message> data-testid="message-table" columns={columns} list={messages} />
      </Card>
    </div>
  );
}
