import {
  GAME_STATEMENT_PATH,
  PROVIDER_SIGNATURE_HEADER,
  gameStatementResponse,
  type GameStatementRound,
  type ReconciliationDifference,
  type ReconciliationReport,
} from '@kometa/contracts';
import { signBody } from '@kometa/provider-kit';
import type { Period, ReportsRepository } from './reports.repository.ts';

/**
 * A record on either side closes late on the other (a webhook delivered after a retry, a win sent
 * again): each side is read this much wider than the period, and only a record inside the period
 * whose counterpart is not found in the wider window is missing.
 */
export const RECONCILIATION_MARGIN_MS = 6 * 3_600_000;

/** One payment, as the provider's statement states it. */
export interface StatementRecord {
  kind: 'deposit' | 'payout';
  paymentId: number;
  reference: string;
  amount: number;
  at: Date;
}

export interface ReconciliationPorts {
  /** The payment providers' statements (their own records). */
  statements(
    from: Date,
    to: Date,
    currency: string,
  ): Promise<{ provider: string; lines: StatementRecord[] | null }[]>;
  /** Kometa's game server: where it answers, and the providers it plays as with their secrets. */
  gameServer: { url: string; providers: { id: string; secret: string }[] };
}

interface Keyed {
  key: string;
  provider: string;
  subject: string;
  reference: string;
  amount: number;
  /** Games: the round's win (compared beside its stake). */
  win?: number;
  at: Date;
  /** A record whose money is still moving (a round open or settling): never a difference. */
  inFlight?: boolean;
}

const within = (at: Date, period: Period) => at >= period.from && at < period.to;

/** Lists every difference between two sets of keyed records, per the margin rule above. */
export function differences(
  source: 'payments' | 'games',
  period: Period,
  ledger: Keyed[],
  counterparty: Keyed[],
): { differences: ReconciliationDifference[]; matched: number } {
  const theirs = new Map(counterparty.map((record) => [record.key, record]));
  const ours = new Map(ledger.map((record) => [record.key, record]));
  const found: ReconciliationDifference[] = [];
  let matched = 0;
  const row = (
    kind: ReconciliationDifference['kind'],
    record: Keyed,
    ledgerAmount: number | null,
    counterpartyAmount: number | null,
    detail: string | null,
  ): ReconciliationDifference => ({
    source,
    kind,
    subject: record.subject,
    reference: record.reference,
    provider: record.provider,
    ledgerAmount,
    counterpartyAmount,
    at: record.at.toISOString(),
    detail,
  });
  for (const record of ledger) {
    const other = theirs.get(record.key);
    if (!other) {
      if (within(record.at, period) && (record.amount !== 0 || (record.win ?? 0) !== 0))
        found.push(row('missing_at_counterparty', record, record.amount, null, null));
      continue;
    }
    if (!within(record.at, period) && !within(other.at, period)) continue;
    if (other.inFlight) continue;
    if (record.amount !== other.amount) {
      found.push(row('amount_mismatch', record, record.amount, other.amount, 'stake'));
    } else if ((record.win ?? 0) !== (other.win ?? 0)) {
      found.push(row('amount_mismatch', record, record.win ?? 0, other.win ?? 0, 'win'));
    } else {
      matched++;
    }
  }
  for (const record of counterparty) {
    if (ours.has(record.key) || !within(record.at, period) || record.inFlight) continue;
    // A refused round staked nothing: the ledger rightly has nothing of it.
    if (record.amount === 0 && (record.win ?? 0) === 0) continue;
    found.push(row('missing_in_ledger', record, null, record.amount, null));
  }
  return { differences: found, matched };
}

/** The casino's reconciliation of its ledger with the payment providers and Kometa's game server. */
export function createReconciliation(deps: {
  repository: ReportsRepository;
  ports: ReconciliationPorts;
  now: () => number;
  fetchTimeoutMs?: number;
}) {
  const { repository, ports } = deps;

  async function gameStatement(
    provider: { id: string; secret: string },
    window: Period,
    currency: string,
  ): Promise<GameStatementRound[]> {
    const body = JSON.stringify({
      provider: provider.id,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      currency,
    });
    const response = await fetch(`${ports.gameServer.url}${GAME_STATEMENT_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_SIGNATURE_HEADER]: signBody(body, { hmacSecret: provider.secret }),
      },
      body,
      signal: AbortSignal.timeout(deps.fetchTimeoutMs ?? 10_000),
    });
    if (!response.ok) throw new Error(`the game server answered its statement with ${response.status}`);
    return gameStatementResponse.parse(await response.json()).rounds;
  }

  async function payments(period: Period, window: Period, currency: string) {
    const [ledger, statements] = await Promise.all([
      repository.paymentRecords(window, currency),
      ports.statements(window.from, window.to, currency),
    ]);
    const reachable = statements.every((statement) => statement.lines !== null);
    const withStatement = new Set(statements.filter((s) => s.lines).map((s) => s.provider));
    const ours: Keyed[] = ledger
      .filter((record) => withStatement.has(record.provider))
      .map((record) => ({
        key: `${record.provider}:${record.key}`,
        provider: record.provider,
        subject: record.key.split(':')[0]!,
        reference: record.key.split(':')[1]!,
        amount: record.amount,
        at: record.at,
      }));
    const theirs: Keyed[] = statements.flatMap((statement) =>
      (statement.lines ?? []).map((line) => ({
        key: `${statement.provider}:${line.kind}:${line.paymentId}`,
        provider: statement.provider,
        subject: line.kind,
        reference: String(line.paymentId),
        amount: line.amount,
        at: line.at,
      })),
    );
    return { reachable, ours, theirs };
  }

  async function games(window: Period, currency: string) {
    const providers = ports.gameServer.providers;
    const ledger = await repository.roundRecords(
      window,
      currency,
      providers.map((provider) => provider.id),
    );
    let reachable = true;
    const theirs: Keyed[] = [];
    for (const provider of providers) {
      try {
        for (const round of await gameStatement(provider, window, currency)) {
          theirs.push({
            key: `${provider.id}:${round.round}`,
            provider: provider.id,
            subject: round.game,
            reference: round.round,
            amount: round.bet,
            win: round.win,
            at: new Date(round.at),
            inFlight: round.status === 'open' || round.status === 'settling',
          });
        }
      } catch {
        reachable = false;
      }
    }
    const ours: Keyed[] = ledger.map((record) => ({
      key: `${record.provider}:${record.round}`,
      provider: record.provider,
      subject: 'round',
      reference: record.round,
      amount: record.stake,
      win: record.win,
      at: record.at,
    }));
    return { reachable, ours, theirs };
  }

  return {
    async run(period: Period, currency: string): Promise<ReconciliationReport> {
      const window = {
        from: new Date(period.from.getTime() - RECONCILIATION_MARGIN_MS),
        to: new Date(period.to.getTime() + RECONCILIATION_MARGIN_MS),
      };
      const [paid, played] = await Promise.all([payments(period, window, currency), games(window, currency)]);
      const sides = [];
      const all: ReconciliationDifference[] = [];
      for (const [source, side] of [
        ['payments', paid],
        ['games', played],
      ] as const) {
        const found = side.reachable
          ? differences(source, period, side.ours, side.theirs)
          : { differences: [], matched: 0 };
        const inside = (records: Keyed[]) => records.filter((record) => within(record.at, period));
        sides.push({
          source,
          reachable: side.reachable,
          ledgerRecords: inside(side.ours).length,
          counterpartyRecords: inside(side.theirs).length,
          matched: found.matched,
          ledgerTotal: inside(side.ours).reduce((sum, record) => sum + record.amount, 0),
          counterpartyTotal: inside(side.theirs).reduce((sum, record) => sum + record.amount, 0),
        });
        all.push(...found.differences);
      }
      return {
        from: period.from.toISOString(),
        to: period.to.toISOString(),
        currency,
        checkedAt: new Date(deps.now()).toISOString(),
        sides,
        differences: all.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '')),
      };
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
