import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CURRENCY_CODES } from '@kometa/money';
import { LEDGER_OPERATIONS, type LedgerEntry } from '@kometa/contracts';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { PageHeader } from '../../ui/feedback.tsx';

const l = ru.reports.ledger;
const PAGE = 50;

const COLUMNS: Column<LedgerEntry>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id, align: 'num' },
  { id: 'at', header: l.at, cell: (row) => dateTime(row.at), nowrap: true },
  { id: 'operation', header: l.operation, cell: (row) => l.operations[row.operation] ?? row.operation },
  { id: 'account', header: l.account, cell: (row) => <span className="mono">{row.account}</span> },
  {
    id: 'amount',
    header: l.amount,
    cell: (row) => (
      <span className={row.amount < 0 ? 'amount-negative' : 'amount-positive'}>
        {money(row.amount, row.currency)}
      </span>
    ),
    align: 'num',
  },
  {
    id: 'balance',
    header: l.balanceAfter,
    cell: (row) => (row.balanceAfter === null ? '—' : money(row.balanceAfter, row.currency)),
    align: 'num',
  },
  {
    id: 'transaction',
    header: l.transaction,
    cell: (row) => <span className="mono">{row.reference ?? row.transactionId}</span>,
  },
];

/** The ledger's entries, newest first, by keyset (ADR 039): "more" carries on from the last id. */
export function Ledger() {
  const [draft, setDraft] = useState({ userId: '', currency: '', operation: '' });
  const [filters, setFilters] = useState(draft);
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors.at(-1);
  const query = {
    limit: PAGE,
    userId: filters.userId || undefined,
    currency: filters.currency || undefined,
    operation: filters.operation || undefined,
    before,
  };
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ['ledger', query],
    queryFn: () => api<{ items: LedgerEntry[]; nextBefore: number | null }>('GET', '/ledger', { query }),
  });
  return (
    <>
      <PageHeader title={l.title} lead={l.lead} />
      <form
        className="card period-bar"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setCursors([]);
        }}
      >
        <label className="period-field">
          <span>{l.player}</span>
          <input
            className="input"
            inputMode="numeric"
            value={draft.userId}
            onChange={(event) => setDraft({ ...draft, userId: event.target.value.replace(/\D/g, '') })}
          />
        </label>
        <label className="period-field">
          <span>{ru.reports.currency}</span>
          <select
            className="select"
            value={draft.currency}
            onChange={(event) => setDraft({ ...draft, currency: event.target.value })}
          >
            <option value="">{l.allCurrencies}</option>
            {CURRENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label className="period-field">
          <span>{l.operation}</span>
          <select
            className="select"
            value={draft.operation}
            onChange={(event) => setDraft({ ...draft, operation: event.target.value })}
          >
            <option value="">{l.allOperations}</option>
            {LEDGER_OPERATIONS.map((operation) => (
              <option key={operation} value={operation}>
                {l.operations[operation]}
              </option>
            ))}
          </select>
        </label>
        <span className="period-actions">
          <button type="submit" className="button button-primary">
            {l.apply}
          </button>
        </span>
      </form>
      <div className="card">
        <DataTable
          caption={l.title}
          columns={COLUMNS}
          rows={data?.items}
          rowKey={(row) => row.id}
          isLoading={isLoading}
          error={error}
          onRetry={() => void refetch()}
          empty={l.empty}
        />
        <div className="pager">
          <button
            type="button"
            className="button button-small"
            disabled={cursors.length === 0}
            onClick={() => setCursors([])}
          >
            {l.first}
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={!data?.nextBefore}
            onClick={() => data?.nextBefore && setCursors([...cursors, data.nextBefore])}
          >
            {l.more}
          </button>
        </div>
      </div>
    </>
  );
}
