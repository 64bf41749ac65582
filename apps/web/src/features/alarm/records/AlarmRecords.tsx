/**
 * Alarm records (view: id 2): filters by alarm time range, level, state (0 all, 1, 2, 4), device,
 * rule and shelved (shelved ones hidden by default: the active view); acknowledge with a note, shelve
 * or unshelve one or the selected ones (useRecordOperations); export the filtered
 * records as .xlsx in the browser's time zone. Refreshes itself when the live socket reports new
 * alarm messages (raised or recovered alarms).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, DatePicker, Flex, Segmented, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, DownloadOutlined, PauseCircleOutlined, ReloadOutlined } from '../../../ui/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ALARM_STATE_ALL,
  alarmLevels,
  AlarmRecordState,
  listAlarms,
  Permission,
  type AlarmRecord,
} from '@hmi/contract';
import { useInvalidate } from '../../../api/callQuery';
import { exportAlarms, type AlarmRecordFilter } from '../../../api/alarms';
import { useCan } from '../../../shared/access';
import { exportExcel } from '../../../shared/exportExcel';
import { formatTime, orDash } from '../../../shared/format';
import { useClearable } from '../../../shared/clearable';
import { FilterSelect } from '../../../shared/FilterSelect';
import { toastedByClient, useBusy } from '../../../shared/useBusy';
import { KeywordSearch } from '../../../shared/KeywordSearch';
import { ListTable } from '../../../shared/ListTable';
import { usePagedCall } from '../../../shared/usePagedCall';
import { ALARMS_CHANGED } from '../changes';
import { AlarmLevelTag, AlarmStateTag } from '../AlarmTags';
import { useAlarmLive } from '../useAlarmLive';
import { useDeviceOptions, useRuleOptions } from './options';
import { DataGrantHint } from '../../../components/DataGrantHint';
import { usePhone } from '../../../ui/usePhone';
import { phoneColumns } from './AlarmRecordCell';
import { RecordMarks, useRecordTitle } from './RecordMarks';
import { useRecordOperations } from './useRecordOperations';

const PAGE_SIZE = 20;
const states = [ALARM_STATE_ALL, ...Object.values(AlarmRecordState)];
const shelvedChoices = [
  { value: '0', key: 'hide' },
  { value: '1', key: 'only' },
  { value: 'all', key: 'all' },
] as const;

export interface AlarmRecordsProps {
  /** Shows one device's records only (the device detail tab); its template feeds the rule filter. */
  device?: { id: number; template_id: number | null };
  /** The state filter to open with (the dashboard links to the unacknowledged ones); default all. */
  initialState?: number;
  /** The shelved filter to open with; default '0' (hidden: the active view the dashboard counts). */
  initialShelved?: '0' | '1' | 'all';
}

export function AlarmRecords({
  device,
  initialState = ALARM_STATE_ALL,
  initialShelved = '0',
}: AlarmRecordsProps) {
  const { t } = useTranslation('alarm');
  const clearable = useClearable();
  const { message } = App.useApp();
  const can = useCan();
  const phone = usePhone();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const { busy, run } = useBusy<'export'>();
  const title = useRecordTitle();

  const deviceId = device?.id;
  const invalidate = useInvalidate();
  // The device tab lists one device's records whatever the filters say (no filter sets the device
  // there, and a reset goes back to it); DeviceAlarmsTab mounts anew for another device.
  const records = usePagedCall(listAlarms, {
    page: 1,
    pageSize: PAGE_SIZE,
    state: initialState,
    shelved: initialShelved === 'all' ? undefined : initialShelved,
    ...(deviceId === undefined ? {} : { device_id: deviceId }),
  });
  const { refetch } = records;
  const { page: _page, pageSize: _pageSize, ...filter } = records.query;
  useAlarmLive(refetch);

  const devices = useDeviceOptions(!device);
  const ruleTemplate = device
    ? device.template_id
    : (devices.data?.find((d) => d.id === filter.device_id)?.template_id ?? null);
  // Rules are listed per template, which needs the template view (id 8).
  const ruleFilter = can(Permission.TEMPLATE_VIEW);
  const rules = useRuleOptions(ruleFilter ? ruleTemplate : null);

  const apply = (patch: Partial<AlarmRecordFilter>) => {
    setSelected([]);
    records.filter(patch);
  };

  const ops = useRecordOperations(async (ids) => {
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    await invalidate(ALARMS_CHANGED);
  });

  const exportFile = () =>
    run(
      'export',
      async () => {
        const sheet = await exportExcel((timezone) => exportAlarms(filter, timezone));
        void message.success(t('records.exported', { count: sheet.total }));
      },
      toastedByClient,
    );

  const columns: ColumnsType<AlarmRecord> = [
    {
      title: t('records.field.alarmAt'),
      dataIndex: 'alarm_at',
      width: 170,
      render: (v: number, r) => (
        <>
          {formatTime(v)}
          <RecordMarks record={r} />
        </>
      ),
    },
    ...(device
      ? []
      : [
          {
            title: t('records.field.device'),
            key: 'device',
            render: (_: unknown, r: AlarmRecord) => (
              <Link to={`/device/devicelist/${r.device_id}`}>{r.device_name}</Link>
            ),
          },
        ]),
    {
      title: t('records.field.rule'),
      key: 'rule',
      render: (_, r) => (
        <Space size={0} orientation="vertical">
          <Space size={4}>
            <span>{title(r)}</span>
            <AlarmLevelTag level={r.level} />
          </Space>
          {r.content && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.content }} style={{ maxWidth: 240 }}>
              {r.content}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('records.field.state'),
      dataIndex: 'state',
      render: (v: number, r) => <AlarmStateTag state={v} testId={`alarm-record-state-${r.id}`} />,
    },
    {
      title: t('rule.field.condition'),
      key: 'condition',
      render: (_, r) => (
        <Space size={0} orientation="vertical">
          <span>{r.tag_name}</span>
          <Typography.Text type="secondary">{t(`enums.alarmCondition.${r.condition}`)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('records.field.value'),
      key: 'value',
      render: (_, r) => (
        <Space size={0} orientation="vertical">
          <span data-testid={`alarm-record-value-${r.id}`}>{r.value}</span>
          {r.recovery_value !== null && (
            <Typography.Text type="secondary">
              {t('records.recoveryValue', { value: r.recovery_value })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('records.field.responder'),
      key: 'responder',
      render: (_, r) =>
        r.response_at === null ? (
          '-'
        ) : (
          <Space size={0} orientation="vertical" data-testid={`alarm-record-responder-${r.id}`}>
            <span>{orDash(r.responder_name)}</span>
            <Typography.Text type="secondary">{formatTime(r.response_at)}</Typography.Text>
            {r.note !== null && (
              <Typography.Text
                type="secondary"
                ellipsis={{ tooltip: r.note }}
                style={{ maxWidth: 220 }}
                data-testid={`alarm-record-note-${r.id}`}
              >
                {t('records.noteBy', { name: r.note_by ?? '', note: r.note })}
              </Typography.Text>
            )}
          </Space>
        ),
    },
    {
      title: t('records.field.recoveryAt'),
      dataIndex: 'recovery_at',
      width: 170,
      render: (v: number | null, r) => (
        <Space size={0} orientation="vertical">
          <span data-testid={`alarm-record-recovery-${r.id}`}>{formatTime(v)}</span>
          {r.recovery_reason !== null && (
            <Typography.Text type="secondary" data-testid={`alarm-record-recovery-reason-${r.id}`}>
              {t(`records.recoveryReason.${r.recovery_reason}`)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      // Kept in view on the right: at 1440 px the other columns overflow the card.
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => ops.actions(r),
    },
  ];

  return (
    <div data-testid="alarm-records">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Segmented<number>
          value={filter.state as number}
          options={states.map((s) => ({ value: s, label: t(`enums.alarmRecordState.${s}`) }))}
          onChange={(state) => apply({ state })}
          data-testid="alarm-records-state"
        />
        <DatePicker.RangePicker
          showTime
          value={range}
          allowEmpty={[true, true]}
          placeholder={[t('records.startPlaceholder'), t('records.endPlaceholder')]}
          onChange={(v) => {
            setRange(v);
            apply({ start: v?.[0]?.unix(), end: v?.[1]?.unix() });
          }}
        />
        <FilterSelect<number>
          value={filter.level as number | undefined}
          allLabel={t('rules.allLevels')}
          options={alarmLevels.map((l) => ({ value: l, label: t(`enums.alarmLevel.${l}`) }))}
          onChange={(v) => apply({ level: v })}
          width={130}
          testId="alarm-records-level"
        />
        {!device && (
          <Select<number>
            allowClear={clearable.select}
            showSearch={{ optionFilterProp: 'label' }}
            value={filter.device_id as number | undefined}
            placeholder={t('records.allDevices')}
            aria-label={t('records.allDevices')}
            style={{ width: 200 }}
            onChange={(v) => apply({ device_id: v, rule_id: undefined })}
            options={(devices.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            data-testid="alarm-records-device"
          />
        )}
        {ruleFilter && (
          <Select<number>
            allowClear={clearable.select}
            showSearch={{ optionFilterProp: 'label' }}
            value={filter.rule_id as number | undefined}
            placeholder={ruleTemplate === null ? t('records.pickDeviceForRules') : t('records.allRules')}
            aria-label={t('records.allRules')}
            disabled={ruleTemplate === null}
            style={{ width: 200 }}
            onChange={(v) => apply({ rule_id: v })}
            options={(rules.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            data-testid="alarm-records-rule"
          />
        )}
        <Select<string>
          value={(filter.shelved as string | undefined) ?? 'all'}
          style={{ width: 150 }}
          aria-label={t('records.shelved')}
          onChange={(v) => apply({ shelved: v === 'all' ? undefined : (v as '0' | '1') })}
          options={shelvedChoices.map((c) => ({
            value: c.value,
            label: t(`records.shelvedFilter.${c.key}`),
          }))}
          data-testid="alarm-records-shelved"
        />
        <KeywordSearch
          placeholder={t('records.keywordPlaceholder')}
          width={220}
          onSearch={(keyword) => apply({ keyword })}
        />
        <Space wrap style={{ marginInlineStart: 'auto' }}>
          <Button
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            onClick={() => ops.openAck(selected)}
            data-testid="alarm-records-ack-selected"
          >
            {t('records.acknowledgeSelected', { count: selected.length })}
          </Button>
          <Button
            icon={<PauseCircleOutlined />}
            disabled={selected.length === 0}
            onClick={() => ops.openShelve(selected)}
            data-testid="alarm-records-shelve-selected"
          >
            {t('records.shelveSelected', { count: selected.length })}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'export'}
            onClick={() => void exportFile()}
            data-testid="alarm-records-export"
          >
            {t('common.export')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label={t('common.refresh')} />
        </Space>
      </Flex>
      {/* No device to list means no group granted yet (a sub-account), not merely no alarm. */}
      {!device && <DataGrantHint empty={devices.data?.length === 0} />}
      <ListTable<AlarmRecord>
        data-testid="alarm-record-table"
        columns={phone ? phoneColumns(t('records.field.alarm'), !device, ops.actions) : columns}
        list={records}
        // The phone's one column wraps its lines to the box instead of scrolling.
        {...(phone && { scroll: {} })}
        rowSelection={{
          fixed: true,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          // Selected for acknowledgement or shelving: either still to do.
          getCheckboxProps: (r) => ({ disabled: r.response_at !== null && r.recovery_at !== null }),
        }}
      />
      {ops.dialogs}
    </div>
  );
}
