/**
 * What each imported item became: the widget, what its click does, the TAG it shows or writes,
 * and the notes a user must know (a write target taken from the click event, no target at all, a
 * value its TAG cannot hold, an item not drawn…). Items with a note that needs attention come first.
 */
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Binding, ImportedItem, ImportNote, ImportReport } from '@hmi/contract';

type Row = ImportedItem & { key: string; screen: string };

/** Notes that mean the item does less than in the file (orange) or is refused (red). */
const WARN = new Set<ImportNote>([
  'noWriteTarget',
  'unbound',
  'actionUnsupported',
  'otherWriteTarget',
  'linkMissing',
  'notDrawn',
]);
const colourOf = (n: ImportNote) => (n === 'valueType' ? 'red' : WARN.has(n) ? 'orange' : 'blue');
const weight = (i: ImportedItem) =>
  i.notes.includes('valueType') ? 0 : i.notes.some((n) => WARN.has(n)) ? 1 : i.notes.length ? 2 : 3;

export function ImportItemsView({
  report,
  bindingText,
}: {
  report: ImportReport;
  bindingText: (b: Binding) => string;
}) {
  const { t } = useTranslation('screens');
  const rows: Row[] = report.screens
    .flatMap((s, n) => s.items.map((i) => ({ ...i, key: `${n}/${i.element_id}`, screen: s.name })))
    .sort((a, b) => weight(a) - weight(b));
  if (!rows.length) return null;
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('import.items.title', { count: rows.length })}</Typography.Text>
      <Table<Row>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content', y: 300 }}
        data-testid="screens-import-items"
        columns={[
          { title: t('import.items.screen'), dataIndex: 'screen' },
          {
            title: t('import.items.item'),
            key: 'item',
            render: (_, i) => (
              <span data-testid={`screens-import-item-${i.element_id}`}>
                {i.name || i.element_id}{' '}
                <Typography.Text type="secondary">{i.type.replace(/^svg-ext-/, '')}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('import.items.became'),
            key: 'widget',
            render: (_, i) => (i.widget ? t(`import.widgets.${i.widget}`) : t('import.items.noWidget')),
          },
          {
            title: t('import.items.action'),
            key: 'action',
            render: (_, i) => (i.action ? t(`import.actions.${i.action}`, { defaultValue: i.action }) : '–'),
          },
          {
            title: t('import.report.binding'),
            key: 'binding',
            render: (_, i) => (i.binding ? bindingText(i.binding) : '–'),
          },
          {
            title: t('import.items.notes'),
            key: 'notes',
            render: (_, i) => (
              <Flex wrap gap={4}>
                {i.notes.map((n) => (
                  <Tag key={n} color={colourOf(n)} style={{ marginInlineEnd: 0 }} data-note={n}>
                    {t(`import.notes.${n}`)}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
