import { useQuery } from '@tanstack/react-query';
import { RG_LIMIT_KINDS, type ResponsibleGamingReport } from '@kometa/contracts';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';

const r = ru.reports.responsible;
type RgEvent = ResponsibleGamingReport['events'][number];

/** Limits set and reached, exclusions and reality checks over the period (ADR 039). */
export function ResponsibleGaming({ query }: { query: { from: string; to: string } }) {
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ['reports', 'responsible', query],
    queryFn: () => api<ResponsibleGamingReport>('GET', '/reports/responsible-gaming', { query }),
  });
  const columns: Column<RgEvent>[] = [
    { id: 'at', header: ru.reports.ledger.at, cell: (row) => dateTime(row.at), nowrap: true },
    { id: 'player', header: r.player, cell: (row) => `${row.email ?? '—'} · ${row.userId}` },
    { id: 'action', header: r.action, cell: (row) => r.actions[row.action] ?? row.action },
  ];
  return (
    <>
      <div className="grid rg-grid">
        <div className="card">
          <div className="card-header">
            <h2>{r.limits}</h2>
          </div>
          <table className="mini-table">
            <caption className="visually-hidden">{r.limits}</caption>
            <thead>
              <tr>
                <th scope="col">{r.kind}</th>
                <th scope="col" className="num">
                  {r.set}
                </th>
                <th scope="col" className="num">
                  {r.inForce}
                </th>
                <th scope="col" className="num">
                  {r.reached}
                </th>
              </tr>
            </thead>
            <tbody>
              {RG_LIMIT_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{r.limitKinds[kind]}</th>
                  <td className="num">{data?.limits.set[kind] ?? '…'}</td>
                  <td className="num">{data?.limits.inForce[kind] ?? '…'}</td>
                  <td className="num">{data?.limits.reached[kind] ?? '…'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="card stat">
          <span className="stat-label">{r.exclusions}</span>
          <span className="kpi-value">{data ? data.exclusions.activeSelfExclusions : '…'}</span>
          <span className="muted">{r.activeExclusions}</span>
          <span className="kpi-value small">{data ? data.exclusions.activeTimeouts : '…'}</span>
          <span className="muted">{r.activeTimeouts}</span>
          <span className="muted">
            {r.startedInPeriod}: {data?.exclusions.started.reduce((sum, row) => sum + row.count, 0) ?? '…'}
          </span>
        </div>
        <div className="card stat">
          <span className="stat-label">{r.realityChecks}</span>
          <span className="kpi-value">{data ? data.realityChecks.enabled : '…'}</span>
          <span className="muted">{r.enabled}</span>
          <span className="muted">
            {r.acknowledged}: {data?.realityChecks.acknowledged ?? '…'} · {r.changed}:{' '}
            {data?.realityChecks.changed ?? '…'}
          </span>
        </div>
      </div>
      <div className="card">
        <div className="card-header">
          <h2>{r.events}</h2>
        </div>
        <DataTable
          caption={r.events}
          columns={columns}
          rows={data?.events}
          rowKey={(row) => `${row.at}:${row.userId}:${row.action}`}
          isLoading={isLoading}
          error={error}
          onRetry={() => void refetch()}
          empty={r.noEvents}
        />
      </div>
    </>
  );
}
