/**
 * The message centre (spec sections 2 and 4): one page per kind (system notices, alarms, billing
 * with id 23) under tabs showing unread counts; filters by read state, time range, keyword (and
 * billing type); today's messages of the kind; mark one or all read, then the counts are reloaded.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  App,
  Badge,
  Button,
  Card,
  DatePicker,
  Flex,
  Input,
  Segmented,
  Select,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BillingMessageType,
  hasPermission,
  MessageKind,
  Permission,
  type Message,
  type MessageKindValue,
} from '@hmi/contract';
import { getTodayMessages, listMessages, setMessagesRead, type MessageQuery } from '../../api/message';
import { useSession } from '../../app/userStore';
import { useErrorToast } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { useLoad } from '../../shared/useLoad';
import { ReceivedInvitations } from '../system/user/ReceivedInvitations';
import { messageTitle } from './messageTitle';

const PAGE_SIZE = 20;
type ReadState = 'all' | 'unread' | 'read';

const tabs: { kind: MessageKindValue; path: string; titleKey: string }[] = [
  { kind: MessageKind.NOTICE, path: '/message/msgSystem', titleKey: 'menu.msgSystem' },
  { kind: MessageKind.ALARM, path: '/message/msgAlarm', titleKey: 'menu.msgAlarm' },
  { kind: MessageKind.BILLING, path: '/message/msgBilling', titleKey: 'menu.msgBilling' },
];

export function MessageListPage({ kind }: { kind: MessageKindValue }) {
  const { t } = useTranslation('message');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const fail = useErrorToast();
  const { userInfo, messageCounts, reloadMessageCounts } = useSession();
  const [keyword, setKeyword] = useState('');
  const [readState, setReadState] = useState<ReadState>('all');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [query, setQuery] = useState<MessageQuery>({ page: 1, pageSize: PAGE_SIZE, kind });
  const [marking, setMarking] = useState(false);

  const fetch = useCallback(() => listMessages({ ...query, kind }), [query, kind]);
  const messages = useLoad(fetch);
  const fetchToday = useCallback(
    // Reloaded with the list (query changes after every mark).
    () => getTodayMessages({ kind, limit: 5 }, { handleError: true }).then((r) => ({ ...r, query })),
    [kind, query],
  );
  const today = useLoad(fetchToday);

  const unread = messageCounts?.unread[kind] ?? 0;
  const visibleTabs = tabs.filter(
    (tab) =>
      tab.kind !== MessageKind.BILLING ||
      (userInfo && hasPermission(userInfo, Permission.BILLING_MESSAGE_VIEW)),
  );

  const refresh = async () => {
    setQuery((q) => ({ ...q }));
    await reloadMessageCounts().catch(() => undefined);
  };

  const markRead = async (body: { ids: number[] } | { all: true; kind: MessageKindValue }) => {
    setMarking(true);
    try {
      const { updated } = await setMessagesRead(body, { handleError: true });
      if ('all' in body) void message.success(t('markedRead', { count: updated }));
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setMarking(false);
    }
  };

  const applyFilters = (patch: Partial<{ readState: ReadState; range: typeof range; keyword: string }>) => {
    const state = patch.readState ?? readState;
    const r = 'range' in patch ? patch.range : range;
    const k = patch.keyword ?? keyword;
    setQuery((q) => ({
      page: 1,
      pageSize: q.pageSize,
      kind,
      type: q.type,
      is_read: state === 'all' ? undefined : state === 'read' ? 1 : 0,
      start: r?.[0] ? r[0].startOf('day').unix() : undefined,
      end: r?.[1] ? r[1].endOf('day').unix() : undefined,
      keyword: k.trim() || undefined,
    }));
  };

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
      dataIndex: 'content',
      render: (v: string) => (
        <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 2, expandable: true }}>
          {v}
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
    {
      title: t('field.time'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: number) => formatTime(v),
    },
    {
      title: t('field.status'),
      key: 'status',
      width: 110,
      render: (_, m) =>
        m.is_read ? (
          <Typography.Text type="secondary">{t('readState.read')}</Typography.Text>
        ) : (
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 0 }}
            onClick={() => void markRead({ ids: [m.id] })}
            data-testid={`message-read-${m.id}`}
          >
            {t('markRead')}
          </Button>
        ),
    },
  ];

  const todayList = today.data?.list ?? [];

  return (
    <div data-testid={`page-${tabs.find((tab) => tab.kind === kind)?.path.split('/')[2] ?? kind}`}>
      {kind === MessageKind.NOTICE && <ReceivedInvitations />}
      <Card>
        <Tabs
          activeKey={kind}
          onChange={(key) => void navigate(tabs.find((tab) => tab.kind === key)?.path ?? '/message')}
          items={visibleTabs.map((tab) => ({
            key: tab.kind,
            label: (
              <Badge
                count={messageCounts?.unread[tab.kind] ?? 0}
                size="small"
                offset={[10, -2]}
                overflowCount={99}
              >
                <span data-testid={`message-tab-${tab.kind}`}>{t(tab.titleKey)}</span>
              </Badge>
            ),
          }))}
        />
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <Segmented<ReadState>
            value={readState}
            options={(['all', 'unread', 'read'] as const).map((s) => ({
              value: s,
              label: t(`readState.${s}`),
            }))}
            onChange={(v) => {
              setReadState(v);
              applyFilters({ readState: v });
            }}
            data-testid="message-read-filter"
          />
          <DatePicker.RangePicker
            value={range}
            allowEmpty={[true, true]}
            placeholder={[t('startPlaceholder'), t('endPlaceholder')]}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            onChange={(v) => {
              setRange(v);
              applyFilters({ range: v });
            }}
          />
          {kind === MessageKind.BILLING && (
            <Select<number | 'all'>
              value={(query.type as number | undefined) ?? 'all'}
              style={{ width: 200 }}
              onChange={(v) => setQuery((q) => ({ ...q, page: 1, type: v === 'all' ? undefined : v }))}
              options={[
                { value: 'all', label: t('allTypes') },
                ...Object.values(BillingMessageType).map((type) => ({
                  value: type,
                  label: t(`enums.billingMessageType.${type}`),
                })),
              ]}
            />
          )}
          <Input.Search
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(value) => applyFilters({ keyword: value })}
            allowClear
            placeholder={t('keywordPlaceholder')}
            style={{ width: 260 }}
          />
          <Flex gap={12} align="center" style={{ marginInlineStart: 'auto' }}>
            <Typography.Text type="secondary" data-testid="message-unread-count">
              {t('unreadCount', { count: unread })}
            </Typography.Text>
            <Button
              icon={<CheckOutlined />}
              disabled={unread === 0}
              loading={marking}
              onClick={() => void markRead({ all: true, kind })}
              data-testid="message-read-all"
            >
              {t('markAllRead')}
            </Button>
          </Flex>
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
        <Table<Message>
          rowKey="id"
          data-testid="message-table"
          columns={columns}
          dataSource={messages.data?.list ?? []}
          loading={messages.loading}

          locale={{ emptyText: t('common.noData') }}
          pagination={{
            current: query.page as number,
            pageSize: query.pageSize as number,
            total: messages.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.pagination.total', { total }),
            onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
          }}
        />
      </Card>
    </div>
  );
}
