/** The result of a rule import: created, updated and refused rows, each refusal with its reason. */
import { Modal, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CallResponse, importAlarmRules } from '@hmi/contract';
import { modalDefaults } from '../../../ui/theme';

export type ImportResult = CallResponse<typeof importAlarmRules>;
type Refusal = ImportResult['refused'][number];
type Row = ImportResult['created'][number];

/** The tab the result opens on: refusals first (they need action), else the first tab with rows. */
function firstTab(result: ImportResult): 'created' | 'updated' | 'refused' {
  if (result.refused.length) return 'refused';
  return !result.created.length && result.updated.length ? 'updated' : 'created';
}

export function ImportResultModal({ result, onClose }: { result: ImportResult | null; onClose: () => void }) {
  const { t } = useTranslation('alarm');
  const rowColumns: ColumnsType<Row> = [
    { title: t('import.row'), dataIndex: 'row', width: 90 },
    { title: t('rule.field.name'), dataIndex: 'name' },
  ];
  const refusalColumns: ColumnsType<Refusal> = [
    ...(rowColumns as ColumnsType<Refusal>),
    {
      title: t('import.field'),
      dataIndex: 'field',
      width: 140,
      render: (f: string) => t(`import.column.${f}`, { defaultValue: f }),
    },
    {
      title: t('import.reason'),
      dataIndex: 'issue',
      render: (issue: string) => t(`validation:${issue}`, { defaultValue: issue }),
    },
  ];
  const table = <T extends Row>(rows: T[], columns: ColumnsType<T>, testId: string) => (
    <Table<T>
      rowKey={(r) => `${r.row}-${'field' in r ? String(r.field) : ''}`}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: t('common.noData') }}
      data-testid={testId}
    />
  );

  return (
    <Modal
      {...modalDefaults}
      width={720}
      open={result !== null}
      title={t('import.resultTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.gotIt')}
      destroyOnHidden
    >
      {result && (
        <>
          <Typography.Paragraph data-testid="alarm-import-summary">
            {t('import.summary', {
              created: result.created.length,
              updated: result.updated.length,
              refused: result.refused.length,
            })}
          </Typography.Paragraph>
          <Tabs
            defaultActiveKey={firstTab(result)}
            items={[
              {
                key: 'created',
                label: t('import.created', { count: result.created.length }),
                children: table(result.created, rowColumns, 'alarm-import-created'),
              },
              {
                key: 'updated',
                label: t('import.updated', { count: result.updated.length }),
                children: table(result.updated, rowColumns, 'alarm-import-updated'),
              },
              {
                key: 'refused',
                label: (
                  <Typography.Text type={result.refused.length ? 'danger' : undefined}>
                    {t('import.refused', { count: result.refused.length })}
                  </Typography.Text>
                ),
                children: table(result.refused, refusalColumns, 'alarm-import-refused'),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
