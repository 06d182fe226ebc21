import type {
  DashboardAlert,
  DashboardFigures,
  FinanceReport,
  ReconciliationReport,
  ReportFigures,
  ReportTable,
  ResponsibleGamingReport,
} from '@kometa/contracts';
import { toCsv } from '../../platform/http/csv.ts';
import type { Reconciliation } from './reconciliation.ts';
import type { CountRow, MoneyRow, Period, ReportsRepository } from './reports.repository.ts';

/** A game's live RTP is judged once it has this many rounds in the window. */
export const RTP_MIN_ROUNDS = 100;
export const RTP_WINDOW_MS = 7 * 86_400_000;
/** The band: the published RTP ± this many standard errors of the live estimate (≈ 99.7 %). */
export const RTP_BAND_SIGMAS = 3;

const emptyMoney = (): Omit<MoneyRow, 'day'> => ({
  deposits: 0,
  depositCount: 0,
  withdrawals: 0,
  withdrawalCount: 0,
  stakes: 0,
  wins: 0,
  bonusCost: 0,
  adjustments: 0,
  activePlayers: 0,
});

/** GGR and NGR as ADR 039 defines them, from the ledger's sums. */
function figures(
  money: Omit<MoneyRow, 'day'>,
  registrations: CountRow | undefined,
  firsts: CountRow | undefined,
): ReportFigures {
  const ggr = money.stakes - money.wins;
  return {
    deposits: money.deposits,
    depositCount: money.depositCount,
    withdrawals: money.withdrawals,
    withdrawalCount: money.withdrawalCount,
    stakes: money.stakes,
    wins: money.wins,
    ggr,
    bonusCost: money.bonusCost,
    adjustments: money.adjustments,
    ngr: ggr - money.bonusCost - money.adjustments,
    activePlayers: money.activePlayers,
    registrations: registrations?.count ?? 0,
    firstDeposits: firsts?.count ?? 0,
    firstDepositAmount: firsts?.amount ?? 0,
  };
}

/** The days of a period in the operator's time zone, as YYYY-MM-DD, so a quiet day still shows. */
function daysOf(period: Period, timezone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const days: string[] = [];
  for (let at = period.from.getTime(); at < period.to.getTime(); at += 3_600_000) {
    const day = format.format(new Date(at));
    if (days.at(-1) !== day) days.push(day);
  }
  return days;
}

/** Live RTP of a game against its band (ratio estimator; the variance of win − r₀·bet per round). */
export function rtpBand(sample: {
  rtpBp: number;
  rounds: number;
  bets: number;
  wins: number;
  bets2: number;
  wins2: number;
  betWin: number;
}) {
  const expected = sample.rtpBp / 10_000;
  const live = sample.wins / sample.bets;
  const squares = Math.max(
    0,
    sample.wins2 - 2 * expected * sample.betWin + expected * expected * sample.bets2,
  );
  const error = Math.sqrt(squares) / sample.bets;
  const low = expected - RTP_BAND_SIGMAS * error;
  const high = expected + RTP_BAND_SIGMAS * error;
  return { live, low, high, outside: live < low || live > high };
}

export function createReportsService(deps: {
  repository: ReportsRepository;
  reconciliation: Reconciliation;
  timezone: string;
  now: () => number;
  queues: { withdrawals(): Promise<number>; kyc(): Promise<number> };
}) {
  const { repository } = deps;

  async function finance(period: Period, currency: string): Promise<FinanceReport> {
    const [money, registrations, firsts, games] = await Promise.all([
      repository.money(period, currency),
      repository.registrations(period, currency),
      repository.firstDeposits(period, currency),
      repository.games(period, currency),
    ]);
    const byDay = <T extends { day: string | null }>(rows: T[]) =>
      new Map(rows.map((row) => [row.day ?? '', row]));
    const moneyDays = byDay(money);
    const registered = byDay(registrations);
    const first = byDay(firsts);
    const total = (map: Map<string, unknown>) => map.get('');
    return {
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      currency,
      timezone: deps.timezone,
      totals: figures(
        (total(moneyDays) as MoneyRow | undefined) ?? emptyMoney(),
        total(registered) as CountRow | undefined,
        total(first) as CountRow | undefined,
      ),
      days: daysOf(period, deps.timezone).map((day) => ({
        day,
        ...figures(moneyDays.get(day) ?? emptyMoney(), registered.get(day), first.get(day)),
      })),
      games: games
        .filter((row) => row.gameCode !== null)
        .map((row) => ({
          provider: row.provider,
          gameCode: row.gameCode!,
          gameName: row.gameName,
          rounds: row.rounds,
          players: row.players,
          stakes: row.stakes,
          wins: row.wins,
          ggr: row.stakes - row.wins,
        })),
      providers: games
        .filter((row) => row.gameCode === null)
        .map((row) => ({
          provider: row.provider,
          games: row.games,
          rounds: row.rounds,
          players: row.players,
          stakes: row.stakes,
          wins: row.wins,
          ggr: row.stakes - row.wins,
        })),
    };
  }

  async function rtpAlerts(): Promise<DashboardAlert[]> {
    const samples = await repository.rtpSamples(new Date(deps.now() - RTP_WINDOW_MS), RTP_MIN_ROUNDS);
    return samples.flatMap((sample) => {
      const band = rtpBand(sample);
      if (!band.outside) return [];
      const bp = (value: number) => Math.round(value * 10_000);
      return [
        {
          kind: 'rtp' as const,
          severity: 'warning' as const,
          subject: `${sample.name} (${sample.provider})`,
          count: sample.rounds,
          rtpBp: bp(band.live),
          expectedBp: sample.rtpBp,
          lowBp: bp(band.low),
          highBp: bp(band.high),
        },
      ];
    });
  }

  return {
    finance,

    async financeCsv(period: Period, currency: string, table: ReportTable): Promise<string> {
      const report = await finance(period, currency);
      if (table === 'games') {
        return toCsv(
          ['provider', 'game', 'name', 'rounds', 'players', 'stakes', 'wins', 'ggr', 'currency'],
          report.games.map((row) => [
            row.provider,
            row.gameCode,
            row.gameName,
            row.rounds,
            row.players,
            row.stakes / 100,
            row.wins / 100,
            row.ggr / 100,
            currency,
          ]),
        );
      }
      if (table === 'providers') {
        return toCsv(
          ['provider', 'games', 'rounds', 'players', 'stakes', 'wins', 'ggr', 'currency'],
          report.providers.map((row) => [
            row.provider,
            row.games,
            row.rounds,
            row.players,
            row.stakes / 100,
            row.wins / 100,
            row.ggr / 100,
            currency,
          ]),
        );
      }
      return toCsv(
        [
          'day',
          'deposits',
          'deposit_count',
          'withdrawals',
          'withdrawal_count',
          'stakes',
          'wins',
          'ggr',
          'bonus_cost',
          'adjustments',
          'ngr',
          'active_players',
          'registrations',
          'first_deposits',
          'first_deposit_amount',
          'currency',
        ],
        [...report.days, { day: 'total', ...report.totals }].map((row) => [
          row.day,
          row.deposits / 100,
          row.depositCount,
          row.withdrawals / 100,
          row.withdrawalCount,
          row.stakes / 100,
          row.wins / 100,
          row.ggr / 100,
          row.bonusCost / 100,
          row.adjustments / 100,
          row.ngr / 100,
          row.activePlayers,
          row.registrations,
          row.firstDeposits,
          row.firstDepositAmount / 100,
          currency,
        ]),
      );
    },

    reconcile: (period: Period, currency: string) => deps.reconciliation.run(period, currency),

    reconciliationCsv(report: ReconciliationReport): string {
      return toCsv(
        [
          'source',
          'kind',
          'subject',
          'reference',
          'provider',
          'ledger',
          'counterparty',
          'at',
          'detail',
          'currency',
        ],
        report.differences.map((row) => [
          row.source,
          row.kind,
          row.subject,
          row.reference,
          row.provider,
          row.ledgerAmount === null ? null : row.ledgerAmount / 100,
          row.counterpartyAmount === null ? null : row.counterpartyAmount / 100,
          row.at,
          row.detail,
          report.currency,
        ]),
      );
    },

    async responsibleGaming(period: Period): Promise<ResponsibleGamingReport> {
      const found = await repository.responsibleGaming(period, new Date(deps.now()));
      const byKind = (column: string) => {
        const counts = { deposit: 0, loss: 0, wager: 0, session: 0 };
        for (const row of found.limits) {
          const kind = String(row.kind) as keyof typeof counts;
          if (kind in counts) counts[kind] = Number(row[column] ?? 0);
        }
        return counts;
      };
      return {
        from: period.from.toISOString(),
        to: period.to.toISOString(),
        limits: { set: byKind('set'), inForce: byKind('in_force'), reached: byKind('reached') },
        exclusions: {
          started: found.exclusions.map((row) => ({
            kind: String(row.kind) as 'timeout' | 'self_exclusion',
            option: String(row.option),
            count: Number(row.count),
          })),
          activeTimeouts: Number(found.active.timeouts ?? 0),
          activeSelfExclusions: Number(found.active.exclusions ?? 0),
        },
        realityChecks: {
          enabled: Number(found.reality.enabled ?? 0),
          acknowledged: Number(found.reality.acknowledged ?? 0),
          changed: Number(found.reality.changed ?? 0),
        },
        events: found.events.map((row) => ({
          at: new Date(row.at as string).toISOString(),
          userId: Number(row.user_id),
          email: (row.email as string | null) ?? null,
          action: String(row.action),
        })),
      };
    },

    ledgerEntries: repository.ledgerEntries,

    /**
     * The dashboard's figures: today and yesterday (RUB, the operator's time zone), the queues, and the
     * alerts (today's reconciliation differences, games whose live RTP left its band). Money and alerts
     * only for an operator who may see reports.
     */
    async dashboard(seesReports: boolean): Promise<DashboardFigures> {
      const currency = 'RUB';
      const now = new Date(deps.now());
      const [withdrawals, kyc] = await Promise.all([deps.queues.withdrawals(), deps.queues.kyc()]);
      const queues = { withdrawals, kyc };
      if (!seesReports) return { today: null, yesterday: null, currency, queues, alerts: null };
      const start = await repository.startOfDay(now);
      const yesterdayStart = await repository.startOfDay(new Date(start.getTime() - 3_600_000));
      const today = { from: start, to: new Date(Math.max(now.getTime(), start.getTime() + 1)) };
      const [todayReport, yesterdayReport, reconciled, rtp] = await Promise.all([
        finance(today, currency),
        finance({ from: yesterdayStart, to: start }, currency),
        // The last 24 hours, up to the minute (a record of this very moment included).
        deps.reconciliation.run(
          { from: new Date(now.getTime() - 86_400_000), to: new Date(now.getTime() + 60_000) },
          currency,
        ),
        rtpAlerts(),
      ]);
      const alerts: DashboardAlert[] = [];
      for (const side of reconciled.sides) {
        const count = reconciled.differences.filter((d) => d.source === side.source).length;
        if (count > 0 || !side.reachable) {
          alerts.push({
            kind: 'reconciliation',
            severity: 'critical',
            subject: side.source,
            count: side.reachable ? count : null,
            rtpBp: null,
            expectedBp: null,
            lowBp: null,
            highBp: null,
          });
        }
      }
      alerts.push(...rtp);
      return {
        today: todayReport.totals,
        yesterday: yesterdayReport.totals,
        currency,
        queues,
        alerts,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
