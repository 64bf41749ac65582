import { cloneElement, isValidElement, useMemo, type ReactNode } from 'react';
import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { usePhone } from '../ui/usePhone';

/** The rows of the current page and its paging (e.g. `usePagedCall`'s answer; no data yet: undefined). */
export interface ListRows<T> {
  data: { list: readonly T[] } | null | undefined;
  loading: boolean;
  pagination: TablePaginationConfig;
}

type ListTableProps<T> = Omit<
  TableProps<T>,
  'rowKey' | 'dataSource' | 'loading' | 'locale' | 'pagination'
> & {
  list: ListRows<T>;
};

const pagerKeys = { prev: 'prevPage', next: 'nextPage' } as const;

/**
 * Pagination's previous and next buttons hold only an icon, so antd's English icon name ("left",
 * "right") was their accessible name (the title sits on their list item). They are named in the
 * locale. (The jump items are not buttons: their focusable list item carries the title.)
 */
export function labelledPager(t: TFunction): NonNullable<TablePaginationConfig['itemRender']> {
  return (_page, type, element: ReactNode) =>
    (type === 'prev' || type === 'next') && isValidElement<{ 'aria-label'?: string }>(element)
      ? cloneElement(element, { 'aria-label': t(`common.pagination.${pagerKeys[type]}`) })
      : element;
}

/**
 * On a phone no column is fixed (a fixed actions column can be as wide as the table's box there and
 * cover the rest), and the actions column comes right after the first titled column (the row's name),
 * so a row's actions are on screen without scrolling past every column (issue 25: the device list's
 * remote view was off-screen).
 */
export function phoneColumns<T>(columns: TableProps<T>['columns']): TableProps<T>['columns'] {
  if (!columns) return columns;
  const unfixed = columns.map((column) => ({ ...column, fixed: undefined }));
  const actions = unfixed.findIndex((column) => column.key === 'actions');
  const named = unfixed.findIndex((column) => column.title !== undefined);
  if (actions < 0 || named < 0 || actions <= named + 1) return unfixed;
  const [moved] = unfixed.splice(actions, 1);
  return moved ? [...unfixed.slice(0, named + 1), moved, ...unfixed.slice(named + 1)] : unfixed;
}

/**
 * The paged table of a list: rows keyed by id, spinning while loading, "no data" when empty. A table
 * wider than its box scrolls inside it, not the page; on a phone its columns are `phoneColumns`.
 */
export function ListTable<T extends { id: number }>({ list, columns, ...table }: ListTableProps<T>) {
  const { t } = useTranslation();
  const phone = usePhone();
  const shown = useMemo(() => (phone ? phoneColumns(columns) : columns), [phone, columns]);
  return (
    <Table<T>
      rowKey="id"
      dataSource={list.data?.list ?? []}
      loading={list.loading}
      locale={{ emptyText: t('common.noData') }}
      pagination={{ itemRender: labelledPager(t), ...list.pagination }}
      columns={shown}
      scroll={{ x: 'max-content' }}
      {...table}
    />
  );
}
