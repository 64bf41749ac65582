import { cloneElement, isValidElement, useMemo, type ReactNode } from 'react';
import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { usePhone } from '../ui/usePhone';

/** The rows of the current page and its paging (e.g. `usePagedList`'s answer). */
export interface ListRows<T> {
  data: { list: readonly T[] } | null;
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
 * The paged table of a list: rows keyed by id, spinning while loading, "no data" when empty. A table
 * wider than its box scrolls inside it, not the page. On a phone no column is fixed: a fixed actions
 * column can be as wide as the table's box there and cover the rest.
 */
export function ListTable<T extends { id: number }>({ list, columns, ...table }: ListTableProps<T>) {
  const { t } = useTranslation();
  const phone = usePhone();
  const shown = useMemo(
    () => (phone ? columns?.map((column) => ({ ...column, fixed: undefined })) : columns),
    [phone, columns],
  );
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
