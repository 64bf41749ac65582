/**
 * Traffic of the last 12 months (`POST /diacom/monthtraffic`), for the team or one device, as a bar
 * chart; for the team also this month's traffic per device.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Card, Flex, Segmented, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { monthTraffic, sizeUnits } from '@hmi/contract';
import { useCallQuery } from '../../api/callQuery';
import type { MonthTraffic } from '../../api/billing';
import { DevicePicker } from './DevicePicker';
import { echarts } from './echarts';
import { size } from './text';

const MONTHS = 12;

/** The largest unit of spec §9 (MB at least) in which `max` is 1 or more. */
function axisUnit(max: number): { name: string; bytes: number } {
  let index = 2;
  while (index < sizeUnits.length - 1 && max >= 1024 ** (index + 1)) index += 1;
  return { name: sizeUnits[index] ?? 'MB', bytes: 1024 ** index };
}

function Bars({ months }: { months: MonthTraffic['months'] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The axis counts in one unit (at least MB) so that its ticks fall on round numbers.
    const unit = axisUnit(Math.max(0, ...months.map((m) => m.bytes)));
    const chart = echarts.init(el, undefined, { renderer: 'svg' });
    chart.setOption({
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => size(Number(v) * unit.bytes) },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `${v}${unit.name}` } },
      series: [
        {
          type: 'bar',
          data: months.map((m) => m.bytes / unit.bytes),
          itemStyle: { color: '#1677ff' },
          barMaxWidth: 32,
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [months]);
  return <div ref={ref} style={{ width: '100%', height: 280 }} data-testid="usage-chart" />;
}

export function UsageChart() {
  const { t } = useTranslation('billing');
  const [scope, setScope] = useState<'team' | 'device'>('team');
  const [deviceId, setDeviceId] = useState<number | undefined>(undefined);
  const usage = useCallQuery(
    monthTraffic,
    { body: scope === 'device' ? { device_id: deviceId, months: MONTHS } : { months: MONTHS } },
    // A device chart waits for its device.
    { enabled: scope === 'team' || deviceId !== undefined },
  );
  const devices = useMemo(
    () => [...(usage.data?.devices ?? [])].sort((a, b) => b.bytes - a.bytes),
    [usage.data],
  );

  return (
    <Card title={t('usage.title')} data-testid="billing-usage">
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented
          value={scope}
          onChange={(v) => setScope(v as 'team' | 'device')}
          options={[
            { value: 'team', label: t('usage.team') },
            { value: 'device', label: t('usage.device') },
          ]}
          data-testid="usage-scope"
        />
        {scope === 'device' && (
          <DevicePicker
            value={deviceId}
            onChange={(id) => setDeviceId(id)}
            style={{ width: 280 }}
            testId="usage-device"
          />
        )}
      </Flex>
      {usage.isLoading ? (
        <Spin spinning style={{ display: 'block', padding: 48 }} />
      ) : usage.data ? (
        <Bars months={usage.data.months} />
      ) : (
        <Flex justify="center" style={{ padding: 48, color: 'rgba(0,0,0,0.45)' }}>
          {t('usage.pickDevice')}
        </Flex>
      )}
      {scope === 'team' && (
        <Table
          size="small"
          rowKey="device_id"
          style={{ marginTop: 16 }}
          dataSource={devices}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('usage.noDevices') }}
          data-testid="usage-devices"
          columns={[
            { title: t('usage.deviceColumn'), dataIndex: 'device_name' },
            {
              title: t('usage.thisMonth'),
              dataIndex: 'bytes',
              align: 'right',
              render: (b: number) => size(b),
            },
          ]}
        />
      )}
    </Card>
  );
}
