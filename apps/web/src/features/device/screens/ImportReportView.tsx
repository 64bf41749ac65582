/**
 * What an import read (dry run) or did: its screens with their widget counts and the items without
 * a widget, what each item became, and every variable with the TAG it is bound to (or none).
 */
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Binding, ImportReport } from '@hmi/contract';
import { ImportItemsView } from './ImportItemsView';

type Variable = ImportReport['variables'][number];
type ReportScreen = ImportReport['screens'][number] & { key: number };

/** "temperature", or "Oven 1 / temperature" on a project screen. */
export function bindingText(b: Binding, deviceName: (id: number) => string | undefined): string {
  return b.device_id === undefined ? b.tag : `${deviceName(b.device_id) ?? `#${b.device_id}`} / ${b.tag}`;
}

export function ImportReportView({
  report,
  deviceName,
  showHint,
}: {
  report: ImportReport;
  deviceName: (id: number) => string | undefined;
  /** Before the import: say what the next step does about unbound variables. */
  showHint: boolean;
}) {
  const { t } = useTranslation('screens');
  const unbound = report.variables.filter((v) => v.binding === null).length;
  return (
    <Flex vertical gap={12} data-testid="screens-import-report">
      <Typography.Text strong>{t('import.report.screens', { count: report.screens.length })}</Typography.Text>
      <Table<ReportScreen>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={report.screens.map((s, key) => ({ ...s, key }))}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('field.name'), dataIndex: 'name' },
          { title: t('import.report.widgets'), dataIndex: 'widgets', width: 90 },
          {
            title: t('import.report.unmapped'),
            key: 'unmapped',
            render: (_, s) =>
              s.unmapped.length ? (
                <Flex wrap gap={4} data-testid="screens-import-unmapped">
                  {s.unmapped.map((u) => (
                    <Tag key={u.element_id} style={{ marginInlineEnd: 0 }}>
                      {[u.name || u.element_id, u.type].filter(Boolean).join(' · ')}
                    </Tag>
                  ))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">{t('import.report.none')}</Typography.Text>
              ),
          },
        ]}
      />
      {report.screens.some((s) => s.unmapped.length) && (
        <Typography.Text type="secondary">{t('import.report.unmappedHint')}</Typography.Text>
      )}
      <ImportItemsView report={report} bindingText={(b) => bindingText(b, deviceName)} />
      <Typography.Text strong>
        {t('import.report.variables', { count: report.variables.length })}
      </Typography.Text>
      {report.variables.length ? (
        <Table<Variable>
          size="small"
          rowKey="source"
          pagination={false}
          dataSource={report.variables}
          scroll={{ x: 'max-content', y: 260 }}
          data-testid="screens-import-variables"
          columns={[
            {
              title: t('import.report.source'),
              dataIndex: 'source',
              render: (_, v) => (
                <Typography.Text code>{v.device ? `${v.device} / ${v.tag}` : v.tag}</Typography.Text>
              ),
            },
            {
              title: t('import.report.binding'),
              key: 'binding',
              render: (_, v) =>
                v.binding ? (
                  <Tag color="green">{bindingText(v.binding, deviceName)}</Tag>
                ) : (
                  <Tag color="orange">{t('import.report.unbound')}</Tag>
                ),
            },
            { title: t('import.report.uses'), dataIndex: 'widgets', width: 90 },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('import.report.noVariables')}</Typography.Text>
      )}
      {showHint && report.variables.length > 0 && (
        <Alert
          type={unbound ? 'warning' : 'success'}
          showIcon
          title={unbound ? t('import.report.someUnbound', { count: unbound }) : t('import.report.allBound')}
          data-testid="screens-import-hint"
        />
      )}
    </Flex>
  );
}
