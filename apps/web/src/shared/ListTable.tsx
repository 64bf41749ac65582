import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

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

/** The paged table of a list: rows keyed by id, spinning while loading, "no data" when empty. */
export function ListTable<T extends { id: number }>({ list, ...table }: ListTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      dataSource={list.data?.list ?? []}
      loading={list.loading}
      locale={{ emptyText: t('common.noData') }}
      pagination={list.pagination}
      {...table}
    />
  );
}
