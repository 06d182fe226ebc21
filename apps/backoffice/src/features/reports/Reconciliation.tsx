import { useQuery } from '@tanstack/react-query';
import type { ReconciliationDifference, ReconciliationReport } from '@kometa/contracts';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Badge } from '../../ui/feedback.tsx';

const r = ru.reports.reconciliation;

/** The ledger against the payment provider's and the game server's records (ADR 039). */
export function Reconciliation({ query }: { query: { from: string; to: string; currency: string } }) {
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ['reports', 'reconciliation', query],
    queryFn: () => api<ReconciliationReport>('GET', '/reports/reconciliation', { query }),
  });
  const m = (minor: number | null) => (minor === null ? '—' : money(minor, query.currency));
  const columns: Column<ReconciliationDifference>[] = [
    {
      id: 'kind',
      header: r.kind,
      cell: (row) => (
        <Badge tone={row.kind === 'amount_mismatch' ? 'warning' : 'danger'}>{r.kinds[row.kind]}</Badge>
      ),
    },
    {
      id: 'source',
      header: ru.reports.columns.provider,
      cell: (row) => `${r.sources[row.source]} · ${row.provider}`,
    },
    { id: 'subject', header: r.subject, cell: (row) => r.subjects[row.subject] ?? row.subject },
    { id: 'reference', header: r.reference, cell: (row) => <span className="mono">{row.reference}</span> },
    { id: 'ledger', header: r.ledger, cell: (row) => m(row.ledgerAmount), align: 'num' },
    { id: 'counterparty', header: r.counterparty, cell: (row) => m(row.counterpartyAmount), align: 'num' },
    { id: 'at', header: r.at, cell: (row) => dateTime(row.at), nowrap: true },
  ];
  return (
    <>
      <section className="grid grid-2" aria-label={r.title}>
        {(data?.sides ?? []).map((side) => {
          const found = data?.differences.filter((d) => d.source === side.source).length ?? 0;
          return (
            <div
              key={side.source}
              className={`card stat recon-side${found > 0 || !side.reachable ? ' is-bad' : ''}`}
            >
              <span className="stat-label">
                {found > 0 || !side.reachable ? (
                  <TriangleAlert size={16} aria-hidden />
                ) : (
                  <CheckCircle2 size={16} aria-hidden />
                )}
                {r.sources[side.source]}
              </span>
              <span className="kpi-value">{side.reachable ? r.found(found) : r.unreachable}</span>
              <span className="muted">
                {r.matched}: {side.matched} · {r.ledger}: {side.ledgerRecords} ({m(side.ledgerTotal)}) ·{' '}
                {r.counterparty}: {side.counterpartyRecords} ({m(side.counterpartyTotal)})
              </span>
            </div>
          );
        })}
      </section>
      <div className="card">
        <div className="card-header">
          <h2>{r.differences}</h2>
          {data ? <span className="muted">{r.checkedAt(dateTime(data.checkedAt))}</span> : null}
        </div>
        <DataTable
          caption={r.differences}
          columns={columns}
          rows={data?.differences}
          rowKey={(row) => `${row.source}:${row.provider}:${row.subject}:${row.reference}`}
          isLoading={isLoading}
          error={error}
          onRetry={() => void refetch()}
          empty={r.clean}
        />
      </div>
    </>
  );
}
