/**
 * Alarm performance (issue 26): for a chosen range, alarms per hour and day, the share of ten-minute
 * windows in flood, the bad actors, chattering and stale alarms, average times to acknowledge and to
 * recover, per template and device group; ECharts series and an .xlsx export of the same figures.
 */
import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Flex, Row, Segmented, Spin, Statistic, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ALARM_CHATTER_RAISES,
  ALARM_CHATTER_WINDOW_S,
  getAlarmKpi,
  locales,
  type AlarmKpi,
  type Locale,
} from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { exportAlarmKpi } from '../../../api/alarmKpi';
import { exportExcel } from '../../../shared/exportExcel';
import { formatTime } from '../../../shared/format';
import { useBusy } from '../../../shared/useBusy';
import { KpiChart } from './KpiChart';

const presets = { day: 1, week: 7, month: 30, year: 365 } as const;
type Preset = keyof typeof presets;
type Pair = AlarmKpi['bad_actors'][number];
type Slice = AlarmKpi['by_template'][number];
/** The M of chattering (N raises in M minutes): the engine's, which marks the records counted. */
const CHATTER_MINUTES = ALARM_CHATTER_WINDOW_S / 60;

/** [start, end) of the last `days` days up to the next whole minute. */
function lastDays(days: number): [number, number] {
  const end = dayjs().add(1, 'minute').startOf('minute').unix();
  return [end - days * 86_400, end];
}

export function AlarmPerformance() {
  const { t, i18n } = useTranslation('alarmKpi');
  const { message } = App.useApp();
  const [preset, setPreset] = useState<Preset | null>('day');
  const [range, setRange] = useState<[number, number]>(() => lastDays(presets.day));
  const { busy, run } = useBusy<'export'>();
  const query = useMemo(
    () => ({
      start: range[0],
      end: range[1],
      timezone: -new Date().getTimezoneOffset() / 60,
    }),
    [range],
  );
  // The last range's figures stay on screen while another range loads.
  const kpi = useCallQuery(getAlarmKpi, { query }, { placeholderData: keepPreviousData });
  const k = kpi.data;

  const duration = (s: number | null) => {
    if (s === null) return '-';
    if (s < 60) return t('unit.seconds', { n: Math.round(s) });
    if (s < 3600) return t('unit.minutes', { n: (s / 60).toFixed(1) });
    return t('unit.hours', { n: (s / 3600).toFixed(1) });
  };
  const level = (l: number) => <Tag>{t(`enums.alarmLevel.${l}`)}</Tag>;
  const locale: Locale = (locales as readonly string[]).includes(i18n.language)
    ? (i18n.language as Locale)
    : 'zh-CN';
  const exportFile = () =>
    run('export', async () => {
      await exportExcel((timezone) => exportAlarmKpi({ ...query, timezone }, timezone, locale));
      void message.success(t('exported'));
    });

  const pairColumns = (countTitle: string) => [
    { title: t('col.rule'), dataIndex: 'rule_name', key: 'rule' },
    { title: t('col.device'), dataIndex: 'device_name', key: 'device' },
    { title: t('col.level'), dataIndex: 'level', key: 'level', render: level },
    { title: countTitle, dataIndex: 'count', key: 'count', align: 'right' as const },
  ];
  const sliceColumns = (nameTitle: string, none: string) => [
    { title: nameTitle, key: 'name', render: (_: unknown, s: Slice) => (s.id === null ? none : s.name) },
    { title: t('col.alarms'), dataIndex: 'count', key: 'count', align: 'right' as const },
    { title: t('stat.ackAvg'), key: 'ack', render: (_: unknown, s: Slice) => duration(s.ack_avg_s) },
    { title: t('stat.recoverAvg'), key: 'rec', render: (_: unknown, s: Slice) => duration(s.recover_avg_s) },
  ];
  const pairKey = (p: Pair) => `${p.device_id}-${p.rule_id ?? 'x'}-${p.rule_name}`;

  return (
    <div data-testid="alarm-performance">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        {/* A range picked below leaves no preset selected. */}
        <Segmented<Preset | ''>
          value={preset ?? ''}
          options={(Object.keys(presets) as Preset[]).map((p) => ({ value: p, label: t(`preset.${p}`) }))}
          onChange={(p) => {
            if (p === '') return;
            setPreset(p);
            setRange(lastDays(presets[p]));
          }}
          data-testid="kpi-preset"
        />
        <DatePicker.RangePicker
          value={[dayjs.unix(range[0]), dayjs.unix(range[1])]}
          allowClear={false}
          onChange={(v: [Dayjs | null, Dayjs | null] | null) => {
            const [from, to] = v ?? [];
            if (!from || !to) return;
            setPreset(null);
            setRange([from.startOf('day').unix(), to.add(1, 'day').startOf('day').unix()]);
          }}
          data-testid="kpi-range"
        />
        <Button loading={busy === 'export'} onClick={() => void exportFile()} data-testid="kpi-export">
          {t('export')}
        </Button>
      </Flex>
      {!k ? (
        <Spin spinning style={{ display: 'block', padding: 48 }} />
      ) : (
        <Spin spinning={kpi.isPending || kpi.isPlaceholderData}>
          <Row gutter={[16, 16]} data-testid="kpi-stats">
            {(
              [
                ['total', k.total, undefined],
                ['perHour', k.per_hour.toFixed(2), undefined],
                ['peakHour', k.peak_hour, undefined],
                [
                  'flood',
                  `${(k.flood.share * 100).toFixed(1)} %`,
                  t('stat.floodHint', { flooded: k.flood.flooded, windows: k.flood.windows }),
                ],
                [
                  'chattering',
                  k.chattering.records,
                  t('stat.chatteringHint', { n: ALARM_CHATTER_RAISES, m: CHATTER_MINUTES }),
                ],
                ['stale', k.stale.records, t('stat.staleHint')],
                ['ackAvg', duration(k.acknowledge.avg_s), undefined],
                ['recoverAvg', duration(k.recover.avg_s), undefined],
              ] as const
            ).map(([key, value, hint]) => (
              <Col xs={12} md={6} key={key}>
                <Card size="small" data-testid={`kpi-${key}`}>
                  <Statistic title={t(`stat.${key}`)} value={value} />
                  {hint && <div style={{ color: 'rgba(0,0,0,0.65)', fontSize: 12 }}>{hint}</div>}
                </Card>
              </Col>
            ))}
          </Row>
          {k.hourly.length > 0 && (
            <Card size="small" title={t('chart.hourly')} style={{ marginTop: 16 }}>
              <KpiChart points={k.hourly} format="MM-DD HH:mm" testId="kpi-hourly" />
            </Card>
          )}
          <Card size="small" title={t('chart.daily')} style={{ marginTop: 16 }}>
            <KpiChart points={k.daily} format="YYYY-MM-DD" testId="kpi-daily" />
          </Card>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('badActors')}>
                <Table<Pair>
                  size="small"
                  rowKey={pairKey}
                  pagination={false}
                  dataSource={k.bad_actors}
                  columns={pairColumns(t('col.alarms'))}
                  data-testid="kpi-bad-actors"
                  scroll={{ x: true }}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card
                size="small"
                title={t('chatteringTitle', { n: ALARM_CHATTER_RAISES, m: CHATTER_MINUTES })}
              >
                <Table<Pair>
                  size="small"
                  rowKey={pairKey}
                  pagination={false}
                  dataSource={k.chattering.top}
                  columns={pairColumns(t('col.chatters'))}
                  data-testid="kpi-chattering-table"
                  scroll={{ x: true }}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('staleTitle')}>
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={k.stale.active}
                  data-testid="kpi-stale-table"
                  scroll={{ x: true }}
                  columns={[
                    { title: t('col.alarmAt'), dataIndex: 'alarm_at', render: (s: number) => formatTime(s) },
                    { title: t('col.rule'), dataIndex: 'rule_name' },
                    { title: t('col.device'), dataIndex: 'device_name' },
                    { title: t('col.level'), dataIndex: 'level', render: level },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('byTemplate')}>
                <Table<Slice>
                  size="small"
                  rowKey={(s) => String(s.id)}
                  pagination={false}
                  dataSource={k.by_template}
                  columns={sliceColumns(t('col.template'), '-')}
                  data-testid="kpi-by-template"
                  scroll={{ x: true }}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('byGroup')}>
                <Table<Slice>
                  size="small"
                  rowKey={(s) => String(s.id)}
                  pagination={false}
                  dataSource={k.by_group}
                  columns={sliceColumns(t('col.group'), t('ungrouped'))}
                  data-testid="kpi-by-group"
                  scroll={{ x: true }}
                />
              </Card>
            </Col>
          </Row>
        </Spin>
      )}
    </div>
  );
}
