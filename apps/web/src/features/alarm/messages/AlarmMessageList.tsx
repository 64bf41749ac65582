/**
 * Alarm messages (`/alarm/template/web/message/list`): urgency as coloured tags, device, rule, event
 * (raised, recovered, escalated), the record's state; filters by read state, urgency and date; mark
 * one or all read with `/msg/setread`. New alarm messages arrive live.
 */
import { Link } from 'react-router';
import { Badge, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { AlarmUrgency, listAlarmMessages, MessageKind, Permission, type AlarmMessage } from '@hmi/contract';
import { useSession } from '../../../session/userStore';
import { useCan } from '../../../shared/access';
import { orDash } from '../../../shared/format';
import { FilterSelect } from '../../../shared/FilterSelect';
import { ListTable } from '../../../shared/ListTable';
import { usePagedCall } from '../../../shared/usePagedCall';
import { AlarmLevelTag, AlarmStateTag, UrgencyTag } from '../AlarmTags';
import {
  DayRangeFilter,
  ReadStateFilter,
  timeAndReadColumns,
  UnreadActions,
  useMarkRead,
} from '../../../components/messageReadControls';
import { useAlarmLive } from '../useAlarmLive';

const PAGE_SIZE = 20;
const eventColours: Record<AlarmMessage['event'], string> = {
  raised: 'red',
  recovered: 'green',
  escalated: 'volcano',
};

export function AlarmMessageList() {
  const { t } = useTranslation('alarm');
  const can = useCan();
  const { messageCounts, reloadMessageCounts } = useSession();
  const messages = usePagedCall(listAlarmMessages, { page: 1, pageSize: PAGE_SIZE });
  const { refetch, filter } = messages;
  useAlarmLive(refetch);
  const unread = messageCounts?.unread.alarm ?? 0;

  const { marking, markRead } = useMarkRead(() =>
    Promise.all([refetch(), reloadMessageCounts().catch(() => undefined)]),
  );

  const columns: ColumnsType<AlarmMessage> = [
    {
      title: t('messages.field.urgency'),
      dataIndex: 'urgency',
      width: 100,
      render: (v: number, m) => (
        <Flex gap={8} align="center">
          <Badge status={m.is_read ? 'default' : 'processing'} />
          <UrgencyTag urgency={v} />
        </Flex>
      ),
    },
    {
      title: t('records.field.device'),
      dataIndex: 'device_name',
      render: (name: string, m) =>
        can(Permission.DEVICE_VIEW) ? <Link to={`/device/devicelist/${m.device_id}`}>{name}</Link> : name,
    },
    {
      title: t('records.field.rule'),
      dataIndex: 'rule_name',
      render: (name: string, m) => (
        <Typography.Text strong={!m.is_read} data-testid={`alarm-message-rule-${m.id}`}>
          {m.kind === 'offline' ? t('records.offline') : name}
        </Typography.Text>
      ),
    },
    { title: t('rule.field.level'), dataIndex: 'level', render: (v: number) => <AlarmLevelTag level={v} /> },
    {
      title: t('messages.field.event'),
      dataIndex: 'event',
      render: (v: AlarmMessage['event'], m) => (
        <Tag color={eventColours[v]} data-testid={`alarm-message-event-${m.id}`}>
          {t(`messages.event.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('rule.field.content'),
      dataIndex: 'content',
      render: (v: string, m) => (
        <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 2, expandable: true }}>
          {m.kind === 'offline' ? t('records.offlineHint') : orDash(v)}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('records.field.state'),
      dataIndex: 'state',
      render: (v: number) => <AlarmStateTag state={v} />,
    },
    ...timeAndReadColumns<AlarmMessage>({
      timeTitle: t('messages.field.time'),
      readTitle: t('messages.field.read'),
      testIdPrefix: 'alarm-message',
      markRead,
    }),
  ];

  return (
    <>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <ReadStateFilter onFilter={filter} testId="alarm-message-read-filter" />
        <FilterSelect<number>
          value={messages.query.urgency as number | undefined}
          allLabel={t('messages.allUrgencies')}
          options={Object.values(AlarmUrgency).map((u) => ({
            value: u,
            label: t(`enums.alarmUrgency.${u}`),
          }))}
          onChange={(v) => filter({ urgency: v })}
          width={140}
          testId="alarm-message-urgency"
        />
        <DayRangeFilter onFilter={filter} />
        <UnreadActions
          unread={unread}
          marking={marking}
          onMarkAll={() => void markRead({ all: true, kind: MessageKind.ALARM })}
          testIdPrefix="alarm-message"
        />
      </Flex>
      <ListTable<AlarmMessage> data-testid="alarm-message-table" columns={columns} list={messages} />
    </>
  );
}
