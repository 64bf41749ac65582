/**
 * The read-state controls shared by the message centre and the alarm message list: the read-state
 * filter, the day range filter, marking read (one or all) and the unread count beside "mark all".
 */
import { useState } from 'react';
import { App, Button, DatePicker, Flex, Segmented, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined } from '../ui/icons';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { MessageKindValue } from '@hmi/contract';
import { setMessagesRead } from '../api/message';
import { useErrorToast } from '../shared/errors';
import { formatTime } from '../shared/format';

type ReadState = 'all' | 'unread' | 'read';
type DayRange = [Dayjs | null, Dayjs | null] | null;
export type MarkReadBody = { ids: number[] } | { all: true; kind: MessageKindValue };

/** The `is_read` query value of a read state (undefined: no filter). */
const isReadFilter = (state: ReadState): '0' | '1' | undefined =>
  state === 'all' ? undefined : state === 'read' ? '1' : '0';

/** Epoch seconds from the start of the first day to the end of the last (open ends undefined). */
const dayRangeBounds = (range: DayRange): { start?: number; end?: number } => ({
  start: range?.[0] ? range[0].startOf('day').unix() : undefined,
  end: range?.[1] ? range[1].endOf('day').unix() : undefined,
});

/** Marks messages read, toasts the count after "mark all", then runs `afterMark` (reloads). */
export function useMarkRead(afterMark: () => Promise<unknown>) {
  const { t } = useTranslation('message');
  const { message } = App.useApp();
  const fail = useErrorToast();
  const [marking, setMarking] = useState(false);

  const markRead = async (body: MarkReadBody) => {
    setMarking(true);
    try {
      const { updated } = await setMessagesRead(body, { handleError: true });
      if ('all' in body) void message.success(t('markedRead', { count: updated }));
      await afterMark();
    } catch (error) {
      fail(error);
    } finally {
      setMarking(false);
    }
  };
  return { marking, markRead };
}

/** The read-state filter; each choice hands `onFilter` its `is_read` query value. */
export function ReadStateFilter({
  onFilter,
  testId,
}: {
  onFilter: (patch: { is_read: ReturnType<typeof isReadFilter> }) => void;
  testId: string;
}) {
  const { t } = useTranslation('message');
  const [value, setValue] = useState<ReadState>('all');
  return (
    <Segmented<ReadState>
      value={value}
      options={(['all', 'unread', 'read'] as const).map((s) => ({ value: s, label: t(`readState.${s}`) }))}
      onChange={(state) => {
        setValue(state);
        onFilter({ is_read: isReadFilter(state) });
      }}
      data-testid={testId}
    />
  );
}

/** Whole days up to today, either end may stay open; each choice hands `onFilter` its bounds. */
export function DayRangeFilter({
  onFilter,
}: {
  onFilter: (bounds: ReturnType<typeof dayRangeBounds>) => void;
}) {
  const { t } = useTranslation('message');
  const [value, setValue] = useState<DayRange>(null);
  return (
    <DatePicker.RangePicker
      value={value}
      allowEmpty={[true, true]}
      placeholder={[t('startPlaceholder'), t('endPlaceholder')]}
      disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
      onChange={(range) => {
        setValue(range);
        onFilter(dayRangeBounds(range));
      }}
    />
  );
}

/** The status cell of a message row: "read", or a link that marks it read. */
export function ReadCell({
  isRead,
  onMark,
  testId,
}: {
  isRead: boolean;
  onMark: () => void;
  testId: string;
}) {
  const { t } = useTranslation('message');
  return isRead ? (
    <Typography.Text type="secondary">{t('readState.read')}</Typography.Text>
  ) : (
    <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={onMark} data-testid={testId}>
      {t('markRead')}
    </Button>
  );
}

/** The last columns of a message table: when the message came, and its read state (`ReadCell`). */
export function timeAndReadColumns<T extends { id: number; is_read: boolean }>({
  timeTitle,
  readTitle,
  testIdPrefix,
  markRead,
}: {
  timeTitle: string;
  readTitle: string;
  /** Read links are `<testIdPrefix>-read-<id>`. */
  testIdPrefix: string;
  markRead: (body: MarkReadBody) => Promise<void>;
}): ColumnsType<T> {
  return [
    { title: timeTitle, dataIndex: 'created_at', width: 170, render: (v: number) => formatTime(v) },
    {
      title: readTitle,
      key: 'read',
      width: 110,
      render: (_, m) => (
        <ReadCell
          isRead={m.is_read}
          onMark={() => void markRead({ ids: [m.id] })}
          testId={`${testIdPrefix}-read-${m.id}`}
        />
      ),
    },
  ];
}

/** The unread count and "mark all read", at the end of a message toolbar. */
export function UnreadActions({
  unread,
  marking,
  onMarkAll,
  testIdPrefix,
}: {
  unread: number;
  marking: boolean;
  onMarkAll: () => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('message');
  return (
    <Flex gap={12} align="center" style={{ marginInlineStart: 'auto' }}>
      <Typography.Text type="secondary" data-testid={`${testIdPrefix}-unread-count`}>
        {t('unreadCount', { count: unread })}
      </Typography.Text>
      <Button
        icon={<CheckOutlined />}
        disabled={unread === 0}
        loading={marking}
        onClick={onMarkAll}
        data-testid={`${testIdPrefix}-read-all`}
      >
        {t('markAllRead')}
      </Button>
    </Flex>
  );
}
