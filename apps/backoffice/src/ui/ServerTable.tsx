import type { RowData } from '@tanstack/react-table';
import type { useServerList } from '../lib/use-server-list.ts';
import { DataTable, type Column } from './DataTable.tsx';
import { Pager } from './Pager.tsx';

/** A server-paged list's table and its page controls, both driven by `useServerList`. */
export function ServerTable<T extends RowData>(props: {
  list: Omit<ReturnType<typeof useServerList>, 'rows'> & { rows: T[] | undefined };
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
}) {
  const { list } = props;
  return (
    <>
      <DataTable
        caption={props.caption}
        columns={props.columns}
        rows={list.rows}
        rowKey={props.rowKey}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={list.refetch}
        sort={list.sort}
        onSort={list.onSort}
      />
      <Pager
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
    </>
  );
}
