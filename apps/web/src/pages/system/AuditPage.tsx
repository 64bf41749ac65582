/**
 * The audit log (main account only; beyond the spec, issue 15): who did what, when and from which
 * address, newest first. Filters by time range, action and keyword; exports the filtered log as
 * .xlsx in the browser's time zone and the current language.
 */
import { useState } from 'react';
import { App, Button, DatePicker, Flex, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, ReloadOutlined } from '../../ui/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { auditActions, DEFAULT_LOCALE, listAudit, type AuditEntry } from '@hmi/contract';
import { exportAudit, type AuditFilter } from '../../api/audit';
import { isLocale } from '../../i18n/locale';
import { useCommandErrorText } from '../../live/commandErrors';
import { exportExcel } from '../../shared/exportExcel';
import { FilterSelect } from '../../shared/FilterSelect';
import { formatTime, orDash } from '../../shared/format';
import { KeywordSearch } from '../../shared/KeywordSearch';
import { ListPage } from '../../shared/ListPage';
import { toastedByClient, useBusy } from '../../shared/useBusy';
import { usePagedCall } from '../../shared/usePagedCall';

const PAGE_SIZE = 20;

/** Detail keys whose values are codes with a word in `audit:value`. */
const codedKeys = new Set(['type', 'switch', 'main']);

export function AuditPage() {
  const { t, i18n } = useTranslation('audit');
  const errorText = useCommandErrorText();
  const { message } = App.useApp();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { busy, run } = useBusy<'export'>();
  const log = usePagedCall(listAudit, { page: 1, pageSize: PAGE_SIZE });
  const { page: _page, pageSize: _pageSize, ...filter } = log.query;

  const apply = (patch: Partial<AuditFilter>) => log.filter(patch);

  const exportFile = () =>
    run(
      'export',
      async () => {
        const sheet = await exportExcel((timezone) =>
          exportAudit(filter, timezone, isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE),
        );
        void message.success(t('exported', { count: sheet.total }));
      },
      toastedByClient,
    );

  /** A value in words where the log keeps a code: permission ids by name, a card type, on/off. */
  const worded = (key: string, value: string) => {
    if (key === 'permissions')
      return value
        .split(',')
        .map((id) => t(`role:permission.${id}`, { defaultValue: id }))
        .join(', ');
    return codedKeys.has(key) ? t(`value.${value}`, { defaultValue: value }) : value;
  };

  /** The particulars in words: a TAG write as `tag: old → new`, others as labelled values. */
  const detail = (e: AuditEntry) => {
    const d = e.detail;
    if (e.action === 'tagWrite' && d.tag !== undefined)
      return t('tagWriteDetail', { tag: d.tag, old: d.old || '-', new: d.new ?? '' });
    if (e.action === 'tagWriteFailed' && d.tag !== undefined)
      return t('tagWriteFailedDetail', { tag: d.tag, new: d.new ?? '', reason: errorText(d.error ?? null) });
    const parts = Object.entries(d)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => t('pair', { key: t(`key.${k}`, { defaultValue: k }), value: worded(k, v) }));
    return parts.length ? parts.join(' · ') : '-';
  };

  const columns: ColumnsType<AuditEntry> = [
    { title: t('field.at'), dataIndex: 'at', width: 170, render: (v: number) => formatTime(v) },
    {
      title: t('field.user'),
      key: 'user',
      render: (_, e) => (
        <Space size={0} orientation="vertical">
          <span>{orDash(e.user_name)}</span>
          <Typography.Text type="secondary">{e.user_account}</Typography.Text>
        </Space>
      ),
    },
    { title: t('field.ip'), dataIndex: 'ip', render: (v: string) => orDash(v) },
    {
      title: t('field.action'),
      dataIndex: 'action',
      render: (v: AuditEntry['action'], e) => (
        <Tag
          color={v === 'loginFailed' ? 'red' : undefined}
          data-testid={`audit-action-${e.id}`}
          data-action={v}
        >
          {t(`action.${v}`)}
        </Tag>
      ),
    },
    { title: t('field.target'), dataIndex: 'target', render: (v: string) => orDash(v) },
    {
      title: t('field.detail'),
      key: 'detail',
      // Wraps instead of widening the table: an acknowledgement names device, TAG, value and record.
      render: (_, e) => (
        <span data-testid={`audit-detail-${e.id}`} style={{ display: 'inline-block', maxWidth: 360 }}>
          {detail(e)}
        </span>
      ),
    },
  ];

  return (
    <ListPage
      testId="page-audit"
      title={t('title')}
      add={false}
      actions={
        <>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'export'}
            onClick={() => void exportFile()}
            data-testid="audit-export"
          >
            {t('common.export')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void log.refetch()}
            aria-label={t('common.refresh')}
          />
        </>
      }
      toolbar={
        <>
          <Typography.Paragraph type="secondary" data-testid="audit-help">
            {t('help')}
          </Typography.Paragraph>
          <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
            <DatePicker.RangePicker
              showTime
              value={range}
              allowEmpty={[true, true]}
              placeholder={[t('startPlaceholder'), t('endPlaceholder')]}
              onChange={(v) => {
                setRange(v);
                apply({ start: v?.[0]?.unix(), end: v?.[1]?.unix() });
              }}
            />
            <FilterSelect<AuditEntry['action']>
              value={filter.action}
              allLabel={t('allActions')}
              options={auditActions.map((a) => ({ value: a, label: t(`action.${a}`) }))}
              onChange={(action) => apply({ action })}
              width={200}
              testId="audit-action-filter"
            />
            <KeywordSearch
              placeholder={t('keywordPlaceholder')}
              width={240}
              onSearch={(keyword) => apply({ keyword })}
            />
          </Flex>
        </>
      }
      tableTestId="audit-table"
      columns={columns}
      list={log}
    />
  );
}
