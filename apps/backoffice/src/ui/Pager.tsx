import { LIST_PAGE_SIZES } from '@kometa/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { ru } from '../i18n/ru.ts';

/** Page controls of a server-paged list. */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number | undefined;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const id = useId();
  const pages = Math.max(1, Math.ceil((props.total ?? 0) / props.pageSize));
  return (
    <nav className="pager" aria-label={ru.common.page(props.page, pages)}>
      <span className="muted">
        {props.total === undefined ? ru.common.loading : ru.common.total(props.total)}
      </span>
      <span className="spacer" />
      <label htmlFor={id} className="muted">
        {ru.common.rowsPerPage}
      </label>
      <select
        id={id}
        className="select"
        value={props.pageSize}
        onChange={(event) => props.onPageSize(Number(event.target.value))}
      >
        {LIST_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <span>{ru.common.page(props.page, pages)}</span>
      <button
        type="button"
        className="button button-small"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
        aria-label={ru.common.previous}
      >
        <ChevronLeft size={16} aria-hidden />
      </button>
      <button
        type="button"
        className="button button-small"
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
        aria-label={ru.common.nextPage}
      >
        <ChevronRight size={16} aria-hidden />
      </button>
    </nav>
  );
}
