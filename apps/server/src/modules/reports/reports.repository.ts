import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

/**
 * The reports' reads (ADR 039). Reports are a read model: they read the ledger (the wallet module's
 * tables) and the tables of the modules whose records they show, never write them, and never call
 * into a module's internals. Every sum is of ledger entries; the other tables only say which game,
 * round or player an entry belongs to.
 */
export interface Period {
  from: Date;
  to: Date;
}

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);

export interface MoneyRow {
  /** null: the period's total. */
  day: string | null;
  deposits: number;
  depositCount: number;
  withdrawals: number;
  withdrawalCount: number;
  stakes: number;
  wins: number;
  bonusCost: number;
  adjustments: number;
  activePlayers: number;
}

export interface CountRow {
  day: string | null;
  count: number;
  amount: number;
}

export interface GameRow {
  provider: string;
  /** null: the provider's total. */
  gameCode: string | null;
  gameName: string | null;
  rounds: number;
  players: number;
  stakes: number;
  wins: number;
  games: number;
}

export interface LedgerRecord {
  key: string;
  provider: string;
  amount: number;
  at: Date;
}

export interface RoundRecord {
  provider: string;
  round: string;
  stake: number;
  win: number;
  at: Date;
}

export function createReportsRepository(db: Db, timezone: string) {
  const inPeriod = (column: SQL, period: Period) =>
    sql`${column} >= ${period.from.toISOString()}::timestamptz and ${column} < ${period.to.toISOString()}::timestamptz`;
  const dayOf = (column: SQL) => sql`to_char((${column} at time zone ${timezone})::date, 'YYYY-MM-DD')`;

  return {
    /** Money per day and for the whole period (grouping sets), from the ledger's entries. */
    async money(period: Period, currency: string): Promise<MoneyRow[]> {
      const rows = await queryRows<Row>(
        db,
        sql`with legs as (
              select ${dayOf(sql`t.created_at`)} as day, t.operation, a.kind, a.user_id, e.amount
              from ledger_transactions t
              join ledger_entries e on e.transaction_id = t.id
              join ledger_accounts a on a.id = e.account_id
              where ${inPeriod(sql`t.created_at`, period)} and e.currency = ${currency}
            )
            select day, grouping(day) as total,
              coalesce(sum(amount) filter (where operation = 'deposit' and kind = 'real'), 0) as deposits,
              count(*) filter (where operation = 'deposit' and kind = 'real') as deposit_count,
              coalesce(-sum(amount) filter (where operation = 'withdrawal_payout' and kind = 'withdrawal_hold'), 0) as withdrawals,
              count(*) filter (where operation = 'withdrawal_payout' and kind = 'withdrawal_hold') as withdrawal_count,
              coalesce(-sum(amount) filter (where kind = 'real'
                and (operation = 'bet' or (operation = 'rollback' and amount > 0))), 0) as stakes,
              coalesce(sum(amount) filter (where kind = 'real'
                and (operation = 'win' or (operation = 'rollback' and amount < 0))), 0) as wins,
              coalesce(sum(amount) filter (where kind = 'real' and operation = 'bonus'), 0) as bonus_cost,
              coalesce(sum(amount) filter (where kind = 'real' and operation = 'adjustment'), 0) as adjustments,
              count(distinct user_id) filter (where operation = 'bet') as active_players
            from legs group by grouping sets ((day), ()) order by day nulls first`,
      );
      return rows.map((row) => ({
        day: n(row.total) === 1 ? null : String(row.day),
        deposits: n(row.deposits),
        depositCount: n(row.deposit_count),
        withdrawals: n(row.withdrawals),
        withdrawalCount: n(row.withdrawal_count),
        stakes: n(row.stakes),
        wins: n(row.wins),
        bonusCost: n(row.bonus_cost),
        adjustments: n(row.adjustments),
        activePlayers: n(row.active_players),
      }));
    },

    /** Players registered in the period with this currency, per day and in total. */
    async registrations(period: Period, currency: string): Promise<CountRow[]> {
      const rows = await queryRows<Row>(
        db,
        sql`select day, grouping(day) as total, count(*) as count from (
              select ${dayOf(sql`created_at`)} as day from users
              where ${inPeriod(sql`created_at`, period)} and currency = ${currency}
            ) r group by grouping sets ((day), ())`,
      );
      return rows.map((row) => ({
        day: n(row.total) === 1 ? null : String(row.day),
        count: n(row.count),
        amount: 0,
      }));
    },

    /** Players whose first deposit in the currency (ever) fell in the period, per day and in total. */
    async firstDeposits(period: Period, currency: string): Promise<CountRow[]> {
      const rows = await queryRows<Row>(
        db,
        sql`with firsts as (
              select distinct on (e.account_id) e.account_id, e.id, e.amount, t.created_at
              from ledger_transactions t
              join ledger_entries e on e.transaction_id = t.id
              join ledger_accounts a on a.id = e.account_id
              where t.operation = 'deposit' and a.kind = 'real' and e.currency = ${currency}
                and ${inPeriod(sql`t.created_at`, period)}
              order by e.account_id, e.id
            ), really as (
              select ${dayOf(sql`f.created_at`)} as day, f.amount from firsts f
              where not exists (
                select 1 from ledger_entries p join ledger_transactions pt on pt.id = p.transaction_id
                where p.account_id = f.account_id and p.id < f.id and pt.operation = 'deposit')
            )
            select day, grouping(day) as total, count(*) as count, coalesce(sum(amount), 0) as amount
            from really group by grouping sets ((day), ())`,
      );
      return rows.map((row) => ({
        day: n(row.total) === 1 ? null : String(row.day),
        count: n(row.count),
        amount: n(row.amount),
      }));
    },

    /**
     * Real money staked and won per game and per provider: the ledger's game transactions (those on a
     * `games` house account, keyed `provider:{provider}:{transaction}`) joined to the provider's
     * transaction for its game and round.
     */
    async games(period: Period, currency: string): Promise<GameRow[]> {
      const rows = await queryRows<Row>(
        db,
        sql`with moves as (
              select substr(h.code, 13) as provider, t.id, t.operation, t.idempotency_key,
                (select coalesce(sum(r.amount), 0) from ledger_entries r
                   join ledger_accounts ra on ra.id = r.account_id
                   where r.transaction_id = t.id and ra.kind = 'real') as real_amount
              from ledger_transactions t
              join ledger_entries e on e.transaction_id = t.id
              join ledger_accounts h on h.id = e.account_id and h.kind = 'games'
              where ${inPeriod(sql`t.created_at`, period)} and e.currency = ${currency}
                and t.operation in ('bet', 'win', 'rollback')
            )
            select m.provider, p.game_code, g.name as game_name, grouping(p.game_code) as provider_total,
              count(distinct p.round) as rounds, count(distinct p.user_id) as players,
              count(distinct p.game_code) as games,
              coalesce(-sum(m.real_amount) filter (where m.operation = 'bet'
                or (m.operation = 'rollback' and m.real_amount > 0)), 0) as stakes,
              coalesce(sum(m.real_amount) filter (where m.operation = 'win'
                or (m.operation = 'rollback' and m.real_amount < 0)), 0) as wins
            from moves m
            join provider_transactions p on p.provider = m.provider
              and p.transaction_id = substr(m.idempotency_key, 11 + length(m.provider))
            left join games g on g.provider = p.provider and g.code = p.game_code
            group by grouping sets ((m.provider, p.game_code, g.name), (m.provider))
            order by stakes desc, m.provider, p.game_code`,
      );
      return rows.map((row) => ({
        provider: String(row.provider),
        gameCode: n(row.provider_total) === 1 ? null : String(row.game_code),
        gameName: (row.game_name as string | null) ?? null,
        rounds: n(row.rounds),
        players: n(row.players),
        stakes: n(row.stakes),
        wins: n(row.wins),
        games: n(row.games),
      }));
    },

    /** Deposits credited and payouts sent in the ledger, keyed `deposit:{payment}` / `payout:{payment}`. */
    async paymentRecords(period: Period, currency: string): Promise<LedgerRecord[]> {
      const rows = await queryRows<Row>(
        db,
        sql`select t.operation, t.reference, t.created_at, substr(h.code, 16) as provider, e.amount
            from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts h on h.id = e.account_id and h.kind = 'payments'
            where ${inPeriod(sql`t.created_at`, period)} and e.currency = ${currency}
              and t.operation in ('deposit', 'withdrawal_payout') and t.reference like 'payment:%'`,
      );
      return rows.map((row) => ({
        key: `${row.operation === 'deposit' ? 'deposit' : 'payout'}:${String(row.reference).slice(8)}`,
        provider: String(row.provider),
        // The provider's side of the money: what the player paid in, what is paid out.
        amount: Math.abs(n(row.amount)),
        at: new Date(row.created_at as string),
      }));
    },

    /** Net stake and win per round of the given providers in the ledger (rolled-back bets net to nothing). */
    async roundRecords(period: Period, currency: string, providers: string[]): Promise<RoundRecord[]> {
      if (providers.length === 0) return [];
      const rows = await queryRows<Row>(
        db,
        sql`with moves as (
              select substr(h.code, 13) as provider, t.operation, t.idempotency_key, t.created_at, e.amount
              from ledger_transactions t
              join ledger_entries e on e.transaction_id = t.id
              join ledger_accounts h on h.id = e.account_id and h.kind = 'games'
              where ${inPeriod(sql`t.created_at`, period)} and e.currency = ${currency}
                and t.operation in ('bet', 'win', 'rollback')
                and substr(h.code, 13) in (${sql.join(
                  providers.map((provider) => sql`${provider}`),
                  sql`, `,
                )})
            )
            select m.provider, p.round, min(m.created_at) as at,
              coalesce(sum(m.amount) filter (where m.operation = 'bet'
                or (m.operation = 'rollback' and m.amount < 0)), 0) as stake,
              coalesce(-sum(m.amount) filter (where m.operation = 'win'
                or (m.operation = 'rollback' and m.amount > 0)), 0) as win
            from moves m
            join provider_transactions p on p.provider = m.provider
              and p.transaction_id = substr(m.idempotency_key, 11 + length(m.provider))
            group by m.provider, p.round`,
      );
      return rows.map((row) => ({
        provider: String(row.provider),
        round: String(row.round),
        stake: n(row.stake),
        win: n(row.win),
        at: new Date(row.at as string),
      }));
    },

    /**
     * Each game's play over the window from the casino's rounds (real and bonus money alike): rounds,
     * sums and the sum of squares the live-RTP band needs, with the game's published RTP.
     */
    async rtpSamples(since: Date, minRounds: number) {
      const rows = await queryRows<Row>(
        db,
        sql`select r.provider, r.game_code, g.name, g.rtp_bp, count(*) as rounds,
              sum(r.bet_total)::float8 as bets, sum(r.win_total)::float8 as wins,
              sum(r.bet_total::float8 * r.bet_total) as bets2, sum(r.win_total::float8 * r.win_total) as wins2,
              sum(r.bet_total::float8 * r.win_total) as bet_win
            from game_rounds r join games g on g.provider = r.provider and g.code = r.game_code
            where r.closed_at is not null and r.closed_at >= ${since.toISOString()}::timestamptz
              and g.rtp_bp is not null and r.bet_total > 0
            group by r.provider, r.game_code, g.name, g.rtp_bp having count(*) >= ${minRounds}`,
      );
      return rows.map((row) => ({
        provider: String(row.provider),
        gameCode: String(row.game_code),
        name: String(row.name),
        rtpBp: n(row.rtp_bp),
        rounds: n(row.rounds),
        bets: n(row.bets),
        wins: n(row.wins),
        bets2: n(row.bets2),
        wins2: n(row.wins2),
        betWin: n(row.bet_win),
      }));
    },

    /** The start of today in the operator's time zone. */
    async startOfDay(at: Date): Promise<Date> {
      const [row] = await queryRows<Row>(
        db,
        sql`select (date_trunc('day', ${at.toISOString()}::timestamptz at time zone ${timezone})
                    at time zone ${timezone}) as start`,
      );
      return new Date(row!.start as string);
    },

    /** The ledger's entries, newest first, from `before` (keyset), with the filters asked. */
    async ledgerEntries(query: {
      userId?: number | undefined;
      currency?: string | undefined;
      operation?: string | undefined;
      before?: number | undefined;
      limit: number;
    }) {
      const where: SQL[] = [];
      if (query.before !== undefined) where.push(sql`e.id < ${query.before}`);
      if (query.userId !== undefined)
        where.push(sql`e.account_id in (select id from ledger_accounts where user_id = ${query.userId})`);
      if (query.currency !== undefined) where.push(sql`e.currency = ${query.currency}`);
      if (query.operation !== undefined) where.push(sql`t.operation = ${query.operation}`);
      const rows = await queryRows<Row>(
        db,
        sql`select e.id, e.transaction_id, t.created_at, t.operation, t.reference, a.code, a.kind, a.user_id,
              e.currency, e.amount, e.balance_after
            from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
            ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
            order by e.id desc limit ${query.limit + 1}`,
      );
      const items = rows.slice(0, query.limit).map((row) => ({
        id: n(row.id),
        transactionId: n(row.transaction_id),
        at: new Date(row.created_at as string).toISOString(),
        operation: String(row.operation),
        reference: (row.reference as string | null) ?? null,
        account: String(row.code),
        accountKind: String(row.kind),
        userId: row.user_id === null ? null : n(row.user_id),
        currency: String(row.currency),
        amount: n(row.amount),
        balanceAfter: row.balance_after === null ? null : n(row.balance_after),
      }));
      return { items, nextBefore: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
    },

    /** The responsible-gaming report's counts (limits, exclusions, reality checks) and latest events. */
    async responsibleGaming(period: Period, now: Date) {
      const at = now.toISOString();
      const [limits, exclusions, active, reality, events] = await Promise.all([
        queryRows<Row>(
          db,
          sql`select l.kind, count(*) as in_force,
                count(*) filter (where ${inPeriod(sql`l.created_at`, period)}) as set,
                count(*) filter (where case
                  when l.kind = 'session' then exists (
                    select 1 from rg_session_blocks b where b.user_id = l.user_id and b.until > ${at}::timestamptz)
                  when l.kind = 'deposit' then (
                    select coalesce(sum(p.amount), 0) from payments p
                    where p.user_id = l.user_id and p.direction = 'deposit' and p.status = 3
                      and p.created_at >= rg_period_start(l.period, ${at}::timestamptz)) >= l.amount
                  else (
                    select coalesce(sum(case when l.kind = 'wager' then a.staked else a.staked - a.won end), 0)
                    from rg_activity a where a.user_id = l.user_id
                      and a.day >= rg_local_day(rg_period_start(l.period, ${at}::timestamptz))) >= l.amount
                  end) as reached
              from rg_limits l group by l.kind`,
        ),
        queryRows<Row>(
          db,
          sql`select kind, option, count(*) as count from rg_exclusions
              where ${inPeriod(sql`started_at`, period)} group by kind, option order by kind, option`,
        ),
        queryRows<Row>(
          db,
          sql`select count(distinct user_id) filter (where kind = 'timeout') as timeouts,
                count(distinct user_id) filter (where kind = 'self_exclusion') as exclusions
              from rg_exclusions where started_at <= ${at}::timestamptz
                and (until is null or until > ${at}::timestamptz)`,
        ),
        queryRows<Row>(
          db,
          sql`select (select count(*) from rg_reality_checks) as enabled,
                count(*) filter (where action = 'reality_check.acknowledged') as acknowledged,
                count(*) filter (where action = 'reality_check.interval') as changed
              from rg_audit where ${inPeriod(sql`at`, period)}`,
        ),
        queryRows<Row>(
          db,
          sql`select r.at, r.user_id, u.email, r.action from rg_audit r left join users u on u.id = r.user_id
              where ${inPeriod(sql`r.at`, period)} and r.action <> 'limit.unchanged'
              order by r.id desc limit 50`,
        ),
      ]);
      return { limits, exclusions, active: active[0] ?? {}, reality: reality[0] ?? {}, events };
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
