import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CURRENCY_CODES } from '@kometa/money';
import type { FinanceReport, ReportGameRow, ReportProviderRow, ReportDay } from '@kometa/contracts';
import { ArrowDownToLine, Download } from 'lucide-react';
import { api, exportUrl } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { PageHeader } from '../../ui/feedback.tsx';
import { apiPeriod, lastDays, PeriodBar, type DayPeriod } from '../../ui/PeriodBar.tsx';
import { ReportCharts } from './ReportCharts.tsx';
import { Reconciliation } from './Reconciliation.tsx';
import { ResponsibleGaming } from './ResponsibleGaming.tsx';

const TABS = ['finance', 'reconciliation', 'responsible'] as const;
type Tab = (typeof TABS)[number];
const r = ru.reports;

function Kpi(props: { label: string; value: string; hint?: string | undefined; tone?: 'primary' }) {
  return (
    <div className={`card stat kpi${props.tone ? ` kpi-${props.tone}` : ''}`}>
      <span className="stat-label">{props.label}</span>
      <span className="kpi-value">{props.value}</span>
      {props.hint ? <span className="muted kpi-hint">{props.hint}</span> : null}
    </div>
  );
}

function Finance({ period, currency }: { period: DayPeriod; currency: string }) {
  const query = { ...apiPeriod(period), currency };
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ['reports', 'finance', query],
    queryFn: () => api<FinanceReport>('GET', '/reports/finance', { query }),
  });
  const [table, setTable] = useState<'days' | 'games' | 'providers'>('days');
  const m = (minor: number) => money(minor, currency);
  const f = r.figures;
  const totals = data?.totals;
  const kpis = totals
    ? [
        {
          label: f.deposits,
          value: m(totals.deposits),
          hint: `${totals.depositCount} ${r.count(totals.depositCount)}`,
        },
        {
          label: f.withdrawals,
          value: m(totals.withdrawals),
          hint: `${totals.withdrawalCount} ${r.count(totals.withdrawalCount)}`,
        },
        { label: f.ggr, value: m(totals.ggr), hint: r.hints.ggr, tone: 'primary' as const },
        { label: f.ngr, value: m(totals.ngr), hint: r.hints.ngr, tone: 'primary' as const },
        {
          label: f.activePlayers,
          value: String(totals.activePlayers),
          hint: r.players(totals.activePlayers),
        },
        { label: f.registrations, value: String(totals.registrations) },
        { label: f.firstDeposits, value: String(totals.firstDeposits), hint: m(totals.firstDepositAmount) },
        {
          label: f.bonusCost,
          value: m(totals.bonusCost),
          hint: `${f.adjustments}: ${m(totals.adjustments)}`,
        },
      ]
    : [];
  const dayColumns: Column<ReportDay>[] = [
    { id: 'day', header: r.columns.day, cell: (row) => row.day.split('-').reverse().join('.'), nowrap: true },
    { id: 'deposits', header: f.deposits, cell: (row) => m(row.deposits), align: 'num' },
    { id: 'withdrawals', header: f.withdrawals, cell: (row) => m(row.withdrawals), align: 'num' },
    { id: 'ggr', header: f.ggr, cell: (row) => m(row.ggr), align: 'num' },
    { id: 'ngr', header: f.ngr, cell: (row) => m(row.ngr), align: 'num' },
    { id: 'active', header: f.activePlayers, cell: (row) => row.activePlayers, align: 'num' },
    { id: 'registrations', header: f.registrations, cell: (row) => row.registrations, align: 'num' },
    { id: 'firsts', header: f.firstDeposits, cell: (row) => row.firstDeposits, align: 'num' },
  ];
  const gameColumns: Column<ReportGameRow>[] = [
    { id: 'game', header: r.columns.game, cell: (row) => row.gameName ?? row.gameCode },
    { id: 'provider', header: r.columns.provider, cell: (row) => row.provider },
    { id: 'rounds', header: r.columns.rounds, cell: (row) => row.rounds, align: 'num' },
    { id: 'players', header: r.columns.players, cell: (row) => row.players, align: 'num' },
    { id: 'stakes', header: f.stakes, cell: (row) => m(row.stakes), align: 'num' },
    { id: 'wins', header: f.wins, cell: (row) => m(row.wins), align: 'num' },
    { id: 'ggr', header: f.ggr, cell: (row) => m(row.ggr), align: 'num' },
  ];
  const providerColumns: Column<ReportProviderRow>[] = [
    { id: 'provider', header: r.columns.provider, cell: (row) => row.provider },
    { id: 'games', header: r.columns.games, cell: (row) => row.games, align: 'num' },
    { id: 'rounds', header: r.columns.rounds, cell: (row) => row.rounds, align: 'num' },
    { id: 'players', header: r.columns.players, cell: (row) => row.players, align: 'num' },
    { id: 'stakes', header: f.stakes, cell: (row) => m(row.stakes), align: 'num' },
    { id: 'wins', header: f.wins, cell: (row) => m(row.wins), align: 'num' },
    { id: 'ggr', header: f.ggr, cell: (row) => m(row.ggr), align: 'num' },
  ];
  const common = { isLoading, error, onRetry: () => void refetch(), empty: r.empty };
  return (
    <>
      <section aria-label={r.tabs.finance} className="grid kpi-grid">
        {isLoading
          ? Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="card stat kpi">
                <div className="skeleton" style={{ width: '60%', height: 14 }} />
                <div className="skeleton" style={{ width: '80%', height: 28 }} />
              </div>
            ))
          : kpis.map((kpi) => <Kpi key={kpi.label} {...kpi} />)}
      </section>
      {data ? <ReportCharts days={data.days} currency={currency} /> : null}
      <div className="card">
        <div className="card-header">
          <div className="segmented" role="radiogroup" aria-label={r.tables.days}>
            {(['days', 'games', 'providers'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={table === name}
                className={table === name ? 'is-active' : undefined}
                onClick={() => setTable(name)}
              >
                {r.tables[name]}
              </button>
            ))}
          </div>
          <a
            className="button button-small"
            href={exportUrl('/reports/finance/export', { ...query, table })}
            download
          >
            <Download size={16} aria-hidden /> {r.exportCsv}
          </a>
        </div>
        {table === 'days' ? (
          <DataTable
            caption={r.tables.days}
            columns={dayColumns}
            rows={data?.days}
            rowKey={(row) => row.day}
            {...common}
          />
        ) : table === 'games' ? (
          <DataTable
            caption={r.tables.games}
            columns={gameColumns}
            rows={data?.games}
            rowKey={(row) => `${row.provider}/${row.gameCode}`}
            {...common}
          />
        ) : (
          <DataTable
            caption={r.tables.providers}
            columns={providerColumns}
            rows={data?.providers}
            rowKey={(row) => row.provider}
            {...common}
          />
        )}
      </div>
    </>
  );
}

/** The reports (ADR 039): finance with charts and tables, the reconciliation, responsible gaming. */
export function Reports() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'finance';
  const fallback = lastDays(30);
  const period: DayPeriod = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
  };
  const currency = params.get('currency') ?? 'RUB';
  const update = (changes: Record<string, string>) =>
    setParams({ tab, from: period.from, to: period.to, currency, ...changes }, { replace: true });
  const query = { ...apiPeriod(period), currency };
  return (
    <>
      <PageHeader title={r.title} lead={r.lead} />
      <nav className="tabs" aria-label={r.title}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            className="tab"
            aria-current={tab === name ? 'page' : undefined}
            onClick={() => update({ tab: name })}
          >
            {r.tabs[name]}
          </button>
        ))}
      </nav>
      <PeriodBar
        value={period}
        onChange={(next) => update({ from: next.from, to: next.to })}
        {...(tab === 'responsible'
          ? {}
          : {
              currency: {
                value: currency,
                options: CURRENCY_CODES,
                onChange: (next: string) => update({ currency: next }),
              },
            })}
        actions={
          tab === 'reconciliation' ? (
            <a
              className="button button-small"
              href={exportUrl('/reports/reconciliation/export', query)}
              download
            >
              <ArrowDownToLine size={16} aria-hidden /> {r.exportCsv}
            </a>
          ) : null
        }
      />
      {tab === 'finance' ? (
        <Finance period={period} currency={currency} />
      ) : tab === 'reconciliation' ? (
        <Reconciliation query={query} />
      ) : (
        <ResponsibleGaming query={apiPeriod(period)} />
      )}
    </>
  );
}
