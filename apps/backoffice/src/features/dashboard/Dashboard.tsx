import { Link } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest, DashboardFigures, OperatorProfile, ReportFigures } from '@kometa/contracts';
import { ArrowDownToLine, BadgeCheck, ClipboardCheck, Hourglass, TriangleAlert } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { PageHeader } from '../../ui/feedback.tsx';
import { reasonOf, SignedAmount, targetText } from '../../ui/approval-text.tsx';

interface DashboardData {
  queues: {
    approvals: number;
    approvalsForMe: number;
    withdrawals: number | null;
    kycDocuments: number | null;
  };
  pending: ApprovalRequest[];
}

const COLUMNS: Column<ApprovalRequest>[] = [
  { id: 'id', header: ru.approvals.id, cell: (request) => request.id },
  { id: 'kind', header: ru.approvals.kind, cell: (request) => ru.approvals.kinds[request.kind] },
  { id: 'target', header: ru.approvals.target, cell: targetText },
  {
    id: 'amount',
    header: ru.approvals.amount,
    cell: (request) => <SignedAmount amount={request.amount} currency={request.currency} />,
    align: 'num',
  },
  { id: 'reason', header: ru.approvals.reason, cell: reasonOf },
  { id: 'requestedBy', header: ru.approvals.requestedBy, cell: (request) => request.requestedBy.email },
  {
    id: 'requestedAt',
    header: ru.approvals.requestedAt,
    cell: (request) => dateTime(request.requestedAt),
    nowrap: true,
  },
];

const d = ru.reports.dashboard;
const TODAY_FIGURES = [
  'deposits',
  'withdrawals',
  'ggr',
  'ngr',
  'activePlayers',
  'registrations',
  'firstDeposits',
] as const;
const percent = (bp: number | null) => (bp === null ? '—' : `${(bp / 100).toFixed(2).replace('.', ',')} %`);

/** Today against yesterday: the money and the players of the day so far (ADR 039). */
function Today({ figures }: { figures: DashboardFigures }) {
  const { today, yesterday, currency } = figures;
  if (!today) return null;
  const show = (key: keyof ReportFigures, value: number) =>
    key === 'activePlayers' || key === 'registrations' || key === 'firstDeposits'
      ? String(value)
      : money(value, currency);
  return (
    <section aria-labelledby="today" className="grid">
      <h2 id="today" className="section-title">
        {d.today}
      </h2>
      <div className="grid kpi-grid">
        {TODAY_FIGURES.map((key) => (
          <div key={key} className={`card stat kpi${key === 'ggr' || key === 'ngr' ? ' kpi-primary' : ''}`}>
            <span className="stat-label">{ru.reports.figures[key]}</span>
            <span className="kpi-value">{show(key, today[key])}</span>
            <span className="muted kpi-hint">
              {d.vsYesterday}: {yesterday ? show(key, yesterday[key]) : '—'}
            </span>
          </div>
        ))}
        <Link className="card stat kpi kpi-link" to="/reports">
          <span className="stat-label">{ru.nav.reports}</span>
          <span className="stat-link">{d.openReports}</span>
        </Link>
      </div>
    </section>
  );
}

function Alerts({ figures }: { figures: DashboardFigures }) {
  if (!figures.alerts) return null;
  const sources = ru.reports.reconciliation.sources;
  return (
    <section aria-labelledby="alerts" className="card">
      <div className="card-header">
        <h2 id="alerts">{d.alerts}</h2>
      </div>
      {figures.alerts.length === 0 ? (
        <p className="card-body alert-clear">
          <BadgeCheck size={18} aria-hidden /> {d.noAlerts}
        </p>
      ) : (
        <ul className="alert-list">
          {figures.alerts.map((alert) => (
            <li key={`${alert.kind}:${alert.subject}`} className={`alert-item alert-${alert.severity}`}>
              <TriangleAlert size={18} aria-hidden />
              {alert.kind === 'reconciliation' ? (
                <span>
                  <strong>
                    {d.reconciliationAlert(
                      sources[alert.subject as keyof typeof sources] ?? alert.subject,
                      alert.count,
                    )}
                  </strong>{' '}
                  <Link to="/reports?tab=reconciliation">{d.openReconciliation}</Link>
                </span>
              ) : (
                <span>
                  <strong>{d.rtpAlert(alert.subject)}</strong>{' '}
                  <span className="muted">
                    {d.rtpDetail(percent(alert.rtpBp), percent(alert.lowBp), percent(alert.highBp))}
                  </span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The entry screen: today's figures, the queues waiting for operators, and the alerts. */
export function Dashboard() {
  const { data: operator } = useGetIdentity<OperatorProfile>();
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api<DashboardData>('GET', '/dashboard'),
  });
  const canList = operator?.permissions.includes('approvals.list') ?? false;
  const figures = useQuery({
    queryKey: ['dashboard', 'figures'],
    queryFn: () => api<DashboardFigures>('GET', '/dashboard/figures'),
    refetchInterval: 60_000,
  });
  const value = (n: number | undefined) =>
    isLoading || n === undefined ? (
      <div className="skeleton" style={{ width: 80, height: 30 }} />
    ) : (
      <div className="stat-value">
        {n}
        <small>{unit(n)}</small>
      </div>
    );
  const unit = ru.dashboard.requests;
  const count = (n: number, words: (n: number) => string) => (
    <div className="stat-value">
      {n}
      <small>{words(n)}</small>
    </div>
  );
  const withdrawals = data?.queues.withdrawals ?? null;
  const documents = data?.queues.kycDocuments ?? null;
  return (
    <>
      <PageHeader
        title={ru.dashboard.title}
        lead={operator ? ru.dashboard.greeting(operator.name) : undefined}
      />
      {figures.data ? <Today figures={figures.data} /> : null}
      <section aria-labelledby="queues" className="grid">
        <h2 id="queues" className="section-title">
          {ru.dashboard.queues}
        </h2>
        <div className="grid grid-auto">
          <div className="card stat">
            <span className="stat-label">
              <Hourglass size={16} aria-hidden /> {ru.dashboard.approvals}
            </span>
            {value(data?.queues.approvals)}
            {canList ? (
              <Link
                className="stat-link"
                to="/approvals?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=pending"
              >
                {ru.dashboard.openQueue}
              </Link>
            ) : null}
          </div>
          <div className="card stat">
            <span className="stat-label">
              <ClipboardCheck size={16} aria-hidden /> {ru.dashboard.approvalsForMe}
            </span>
            {value(data?.queues.approvalsForMe)}
          </div>
          {withdrawals !== null ? (
            <div className="card stat">
              <span className="stat-label">
                <ArrowDownToLine size={16} aria-hidden /> {ru.dashboard.withdrawals}
              </span>
              {count(withdrawals, ru.dashboard.withdrawalsCount)}
              <Link className="stat-link" to="/withdrawals">
                {ru.dashboard.openQueue}
              </Link>
            </div>
          ) : null}
          {documents !== null ? (
            <div className="card stat">
              <span className="stat-label">
                <BadgeCheck size={16} aria-hidden /> {ru.dashboard.kycDocuments}
              </span>
              {count(documents, ru.dashboard.documentsCount)}
              <Link className="stat-link" to="/kyc">
                {ru.dashboard.openQueue}
              </Link>
            </div>
          ) : null}
        </div>
        {figures.data ? <Alerts figures={figures.data} /> : null}
        <div className="card">
          <div className="card-header">
            <h2>{ru.dashboard.oldest}</h2>
          </div>
          <DataTable
            caption={ru.dashboard.oldest}
            columns={COLUMNS}
            rows={data?.pending}
            rowKey={(request) => request.id}
            isLoading={isLoading}
            error={error}
            onRetry={() => void refetch()}
            empty={ru.dashboard.nothingWaiting}
          />
        </div>
      </section>
    </>
  );
}
