/**
 * History of one TAG that saves history: a range (last hour, 24 h, 7 days, 30 days or custom), then
 * a min/max band with the average line for numeric TAGs, or the newest samples for string TAGs.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, DatePicker, Empty, Flex, Segmented, Select, Spin, Table, Typography } from 'antd';
import { ReloadOutlined } from '../../../ui/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { deviceHistory, TagDataType, type LiveTag } from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { HistoryExport } from './HistoryExport';
import { echarts } from './echarts';
import {
  historyOption,
  MAX_RANGE_MS,
  pointMeaning,
  presetWindow,
  rangeKeys,
  timeLabelCount,
  type History,
  type RangeKey,
} from './history';

const formatMs = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

function HistoryChart({ history }: { history: History }) {
  const { t } = useTranslation('live');
  const ref = useRef<HTMLDivElement>(null);
  const option = useMemo(
    () =>
      historyOption(
        history,
        { min: t('history.min'), max: t('history.max'), avg: t('history.avg'), band: t('history.band') },
        formatMs,
      ),
    [history, t],
  );
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    const fit = () => chart.setOption({ xAxis: { splitNumber: timeLabelCount(el.clientWidth) } });
    chart.setOption(option);
    fit();
    const observer = new ResizeObserver(() => {
      fit();
      chart.resize();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return (
    <div>
      <Typography.Text type="secondary" data-testid="history-point-meaning">
        {pointMeaning(t, history.bucket_ms)}
      </Typography.Text>
      <div ref={ref} style={{ width: '100%', height: 320 }} data-testid="history-chart" />
    </div>
  );
}

export function HistoryPanel({ deviceId, tags }: { deviceId: number; tags: LiveTag[] }) {
  const { t } = useTranslation('live');
  const saved = useMemo(() => tags.filter((tag) => tag.save_history), [tags]);
  const [tagId, setTagId] = useState<number | null>(null);
  const [range, setRange] = useState<RangeKey>('hour');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  // Presets end when they were picked (or refreshed), so the query stays the same between renders.
  const [now, setNow] = useState(() => Date.now());
  const selected = saved.find((tag) => tag.id === tagId) ?? saved[0] ?? null;

  const span = useMemo<[number, number] | null>(() => {
    if (range !== 'custom') return presetWindow(range, now);
    if (!custom) return null;
    // The server answers at most 400 days: a longer custom range keeps its newest part.
    const to = custom[1].valueOf();
    return [Math.max(custom[0].valueOf(), to - MAX_RANGE_MS), to];
  }, [range, custom, now]);

  const ready = selected !== null && span !== null && span[1] > span[0];
  const history = useCallQuery(
    deviceHistory,
    { params: { id: deviceId }, query: { tag: selected?.id ?? 0, from: span?.[0] ?? 0, to: span?.[1] ?? 0 } },
    // Another TAG or range keeps the last chart on screen until its answer is in.
    { enabled: ready, placeholderData: keepPreviousData },
  );

  if (!saved.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('history.noTags')}
        data-testid="history-none"
      />
    );

  // An empty range asks for nothing and shows no data, not the last range's chart.
  const data: History | undefined = ready ? history.data : undefined;
  const isString = selected?.data_type === TagDataType.STRING;
  const empty = data && (isString ? data.samples.length === 0 : data.points.length === 0);

  return (
    <Flex vertical gap={16} data-testid="history-panel">
      <Flex wrap gap={12} align="center">
        <Select
          value={selected?.id}
          onChange={(id: number) => setTagId(id)}
          options={saved.map((tag) => ({ value: tag.id, label: tag.name }))}
          style={{ width: 200 }}
          aria-label={t('history.tag')}
          data-testid="history-tag"
        />
        <Segmented<RangeKey>
          value={range}
          onChange={(key) => {
            setRange(key);
            setNow(Date.now());
          }}
          options={rangeKeys.map((key) => ({ value: key, label: t(`history.range.${key}`) }))}
          // Five ranges are wider than a phone: they scroll inside their own box, not the page.
          style={{ maxWidth: '100%', overflowX: 'auto' }}
          data-testid="history-range"
        />
        {range === 'custom' && (
          <DatePicker.RangePicker
            showTime
            value={custom}
            onChange={(value) => setCustom(value?.[0] && value[1] ? [value[0], value[1]] : null)}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            style={{ maxWidth: '100%' }}
            data-testid="history-custom"
          />
        )}
        <Button
          icon={<ReloadOutlined />}
          onClick={() => (range === 'custom' ? void history.refetch() : setNow(Date.now()))}
        >
          {t('history.reload')}
        </Button>
        {selected && span && span[1] > span[0] && (
          <HistoryExport deviceId={deviceId} tagId={selected.id} tag={selected.name} range={span} />
        )}
      </Flex>
      {!span ? (
        // A custom range without both ends asks for them: "no data" would read as an empty history.
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('history.pickRange')}
          data-testid="history-pick-range"
        />
      ) : history.isFetching && !data ? (
        <Spin spinning style={{ display: 'block', padding: 48 }} />
      ) : !data || empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('history.empty')}
          data-testid="history-empty"
        />
      ) : isString ? (
        <Table
          rowKey="t"
          size="small"
          data-testid="history-samples"
          dataSource={data.samples}
          pagination={{ pageSize: 10, showTotal: (total) => t('history.samples', { count: total }) }}
          columns={[
            { title: t('history.time'), dataIndex: 't', render: (ms: number) => formatMs(ms) },
            { title: t('history.value'), dataIndex: 'value' },
          ]}
        />
      ) : (
        <HistoryChart history={data} />
      )}
    </Flex>
  );
}
