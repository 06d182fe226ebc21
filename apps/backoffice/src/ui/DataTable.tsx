import { useMemo, type ReactNode } from 'react';
import { createColumnHelper, tableFeatures, useTable, type RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { ru } from '../i18n/ru.ts';

const features = tableFeatures({});

/** One column of a server-paged list: its header, its cell, and the server's sort key if sortable. */
export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortKey?: string;
  align?: 'num';
  nowrap?: boolean;
  /** The header is read out but not shown (a column of buttons); its cells carry no card label. */
  hiddenHeader?: boolean;
}

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/**
 * A dense table (TanStack Table renders the rows; the server pages and sorts): header buttons change
 * the server's sort; loading, empty and error states in place. On a phone each row becomes a card.
 */
export function DataTable<T extends RowData>(props: {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  sort?: SortState | undefined;
  onSort?: (sort: SortState) => void;
  empty?: string;
}) {
  const { columns } = props;
  const columnDefs = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((column) =>
        helper.display({
          id: column.id,
          header: column.header,
          cell: (info) => column.cell(info.row.original),
        }),
      ),
    );
  }, [columns]);
  const data = useMemo(() => props.rows ?? [], [props.rows]);
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row: T) => String(props.rowKey(row)),
  });
  const byId = new Map(columns.map((column) => [column.id, column]));

  const header = (column: Column<T>) => {
    if (column.hiddenHeader) return <span className="visually-hidden">{column.header}</span>;
    if (!column.sortKey || !props.onSort) return column.header;
    const active = props.sort?.field === column.sortKey ? props.sort.order : undefined;
    const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ArrowUpDown;
    return (
      <button
        type="button"
        className="sort-button"
        aria-label={ru.common.sortBy(column.header)}
        onClick={() => props.onSort!({ field: column.sortKey!, order: active === 'desc' ? 'asc' : 'desc' })}
      >
        {column.header} <Icon size={13} aria-hidden />
      </button>
    );
  };

  return (
    <div className="table-wrap" role="region" aria-label={props.caption} tabIndex={0}>
      <table className="table table-cards">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => {
                const column = byId.get(h.column.id)!;
                const active = props.sort?.field === column.sortKey ? props.sort?.order : undefined;
                return (
                  <th
                    key={h.id}
                    scope="col"
                    className={column.align}
                    aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
                  >
                    {header(column)}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {props.isLoading && !props.rows
            ? Array.from({ length: 6 }, (_, i) => (
                <tr key={i}>
                  {columns.map((column) => (
                    <td key={column.id}>
                      <div className="skeleton" />
                    </td>
                  ))}
                </tr>
              ))
            : table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => {
                    const column = byId.get(cell.column.id)!;
                    return (
                      <td
                        key={cell.id}
                        data-label={column.hiddenHeader ? undefined : column.header}
                        className={
                          [column.align, column.nowrap ? 'nowrap' : ''].filter(Boolean).join(' ') || undefined
                        }
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))}
        </tbody>
      </table>
      {props.error ? (
        <div className="state" role="alert">
          {ru.common.error}
          <button type="button" className="button" onClick={props.onRetry}>
            {ru.common.retry}
          </button>
        </div>
      ) : !props.isLoading && data.length === 0 ? (
        <div className="state">{props.empty ?? ru.common.empty}</div>
      ) : null}
    </div>
  );
}
