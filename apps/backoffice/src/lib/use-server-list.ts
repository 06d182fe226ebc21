import { useTable, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import type { SortState } from '../ui/DataTable.tsx';

/**
 * A server-paged list through Refine's useTable: page, page size, the sort and the filters live in
 * the table's state (and the address, so a link or a reload keeps them); the server does the work.
 */
export function useServerList<T extends BaseRecord>(
  resource: string,
  initialSort: SortState,
  /** Filters a screen starts with (the withdrawal queue: withdrawals waiting for a decision). */
  initialFilters: Record<string, string> = {},
) {
  const table = useTable<T>({
    resource,
    pagination: { currentPage: 1, pageSize: 25, mode: 'server' },
    sorters: { initial: [initialSort], mode: 'server' },
    filters: {
      mode: 'server',
      defaultBehavior: 'replace',
      initial: Object.entries(initialFilters).map(([field, value]) => ({ field, operator: 'eq', value })),
    },
    syncWithLocation: true,
  });
  const { setSorters, setFilters, setCurrentPage } = table;
  const sorter = table.sorters[0];
  const sort = useMemo(
    () => (sorter ? { field: sorter.field, order: sorter.order } : initialSort),
    [sorter, initialSort],
  );
  const onSort = useCallback((next: SortState) => setSorters([next]), [setSorters]);
  /** Replaces the filters (empty values dropped) and goes back to the first page. */
  const applyFilters = useCallback(
    (values: Record<string, string | undefined>) => {
      const filters: CrudFilter[] = Object.entries(values)
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([field, value]) => ({ field, operator: 'eq', value }));
      setFilters(filters, 'replace');
      setCurrentPage(1);
    },
    [setFilters, setCurrentPage],
  );
  const filterValue = (field: string) =>
    (table.filters.find((filter) => 'field' in filter && filter.field === field)?.value as
      string | undefined) ?? '';
  const query: Record<string, string> = {
    ...(sort ? { sort: sort.field, order: sort.order } : {}),
    ...Object.fromEntries(
      table.filters.flatMap((filter) =>
        'field' in filter && filter.value ? [[filter.field, String(filter.value)]] : [],
      ),
    ),
  };
  return {
    rows: table.tableQuery.data?.data,
    total: table.tableQuery.data?.total,
    isLoading: table.tableQuery.isLoading,
    error: table.tableQuery.error,
    refetch: () => void table.tableQuery.refetch(),
    page: table.currentPage,
    pageSize: table.pageSize,
    setPage: table.setCurrentPage,
    setPageSize: (size: number) => {
      table.setPageSize(size);
      table.setCurrentPage(1);
    },
    sort,
    onSort,
    applyFilters,
    filterValue,
    /** The filters and sort as query parameters (for the CSV export of the same rows). */
    exportQuery: query,
  };
}
