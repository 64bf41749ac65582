import type { Dispatch, SetStateAction } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list query (or paging state) whose page and page size the table drives. */
interface PagedQuery {
  page?: unknown;
  pageSize?: unknown;
}

/**
 * The pagination every list table shows (size changer, "N in total"), reading the page from the
 * caller's query state and writing page changes back into it.
 */
export function usePagination<Q extends PagedQuery>(
  query: Q,
  setQuery: Dispatch<SetStateAction<Q>>,
  total: number | undefined,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: Number(query.page),
    pageSize: Number(query.pageSize),
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (n) => t('common.pagination.total', { total: n }),
    onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
  };
}
