import { sql } from 'drizzle-orm';
import type { CurrencyCode } from '@kometa/money';
import { queryRows, type Db } from '@kometa/db';
import type { GameProvider } from './sessions.ts';

export interface RoundRow {
  id: number;
  player: string;
  /** Who the round was played as at the casino: Kometa's own games, or the generic demo studio. */
  provider: GameProvider;
  game: string;
  mode: 'real' | 'demo';
  currency: CurrencyCode;
  bet: number;
  win: number;
  balance_before: number | null;
  balance_after: number | null;
  /** The player's seed, client seed and nonce; null for a crash bet (its proof is the shared round's hash). */
  seed_id: number | null;
  client_seed: string | null;
  nonce: number | null;
  choice: unknown;
  outcome: unknown;
  status: 'open' | 'settled' | 'refused' | 'settling';
  refusal: string | null;
  created_at: Date;
  /** Multi-step rounds: the player's actions so far, and a staking action whose bet is in flight. */
  actions: string[];
  pending: { action: string; attempt: number } | null;
  session_token: string | null;
  updated_at: Date | null;
  /** The casino's free-round campaign the round was played on (ADR 031); null: the player's stake. */
  campaign: string | null;
}

type NewRound = Omit<
  RoundRow,
  | 'id'
  | 'status'
  | 'refusal'
  | 'balance_before'
  | 'balance_after'
  | 'actions'
  | 'pending'
  | 'session_token'
  | 'updated_at'
  | 'campaign'
> &
  Partial<Pick<RoundRow, 'campaign'>>;

const numeric = (row: Record<string, unknown>): RoundRow =>
  ({
    ...row,
    id: Number(row.id),
    bet: Number(row.bet),
    win: Number(row.win),
    seed_id: row.seed_id === null ? null : Number(row.seed_id),
    balance_before: row.balance_before === null ? null : Number(row.balance_before),
    balance_after: row.balance_after === null ? null : Number(row.balance_after),
  }) as RoundRow;

/** Rounds of the game server: written before money moves, settled after (game recall reads them). */
export function createRounds(db: Db) {
  return {
    /**
     * Writes a round before any money moves: `settling` for a single-step round (its outcome is
     * known), `open` for a multi-step one (with the launch token, to settle it after a timeout).
     */
    async open(row: NewRound, multiStep?: { sessionToken: string }) {
      const status = multiStep ? 'open' : 'settling';
      const at = row.created_at.toISOString();
      const [inserted] = await queryRows<{ id: string | number }>(
        db,
        sql`insert into rounds (player, provider, game, mode, currency, bet, win, seed_id, client_seed, nonce, choice, outcome,
                                status, created_at, session_token, updated_at, campaign)
            values (${row.player}, ${row.provider}, ${row.game}, ${row.mode}, ${row.currency}, ${row.bet}, ${row.win}, ${row.seed_id},
                    ${row.client_seed}, ${row.nonce}, ${JSON.stringify(row.choice)}::jsonb, ${JSON.stringify(row.outcome)}::jsonb,
                    ${status}, ${at}::timestamptz, ${multiStep?.sessionToken ?? null}, ${at}::timestamptz,
                    ${row.campaign ?? null})
            returning id`,
      );
      return Number(inserted!.id);
    },
    async settle(id: number, before: number | null, after: number | null) {
      await db.execute(
        sql`update rounds set status = 'settled', balance_before = coalesce(${before}, balance_before),
                              balance_after = ${after}, session_token = null
            where id = ${id}`,
      );
    },
    /** Settles rounds in one statement, each with its balance after (play money's wins in groups). */
    async settleMany(settled: readonly { id: number; after: number | null }[]) {
      if (settled.length === 0) return;
      const ids = `{${settled.map((s) => s.id).join(',')}}`;
      const afters = `{${settled.map((s) => s.after ?? 'NULL').join(',')}}`;
      await db.execute(
        sql`update rounds r set status = 'settled', balance_after = s.after, session_token = null
            from unnest(${ids}::bigint[], ${afters}::bigint[]) as s(id, after)
            where r.id = s.id`,
      );
    },
    async started(id: number, before: number | null) {
      await db.execute(sql`update rounds set balance_before = ${before} where id = ${id}`);
    },
    /** The player's open round of a multi-step game, if any. */
    async openOf(player: string, game: string): Promise<RoundRow | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select * from rounds where player = ${player} and game = ${game} and status = 'open'`,
      );
      return row ? numeric(row) : undefined;
    },
    /**
     * Marks a staking action as in flight before its bet is sent (attempt numbers give each try its
     * own transaction id); null when the round moved on meanwhile.
     */
    async claimPending(id: number, step: number, action: string): Promise<number | null> {
      const [row] = await queryRows<{ attempt: number }>(
        db,
        sql`update rounds set stake_attempts = stake_attempts + 1,
                   pending = jsonb_build_object('action', ${action}::text, 'attempt', stake_attempts + 1)
            where id = ${id} and status = 'open' and pending is null and jsonb_array_length(actions) = ${step}
            returning stake_attempts as attempt`,
      );
      return row ? Number(row.attempt) : null;
    },
    /** Drops the mark of the stake `attempt` (a later action's own mark stays). */
    async dropPending(id: number, attempt: number) {
      await db.execute(
        sql`update rounds set pending = null where id = ${id} and (pending ->> 'attempt')::int = ${attempt}`,
      );
    },
    /**
     * Records the player's action at step `step` (exactly once: a concurrent copy finds the step
     * taken) with what it staked and the state it led to; a finished round turns `settling`. A staking
     * action is recorded only while its own pending mark stands (`attempt`; 0 for an action that stakes
     * nothing, recorded only when no stake is in flight): a bet given up and rolled back meanwhile
     * (rollbacks.ts) leaves no action behind.
     */
    async step(
      id: number,
      step: number,
      change: {
        action: string;
        attempt: number;
        added: number;
        outcome: unknown;
        finished: boolean;
        win: number;
        at: Date;
      },
    ): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update rounds set actions = actions || jsonb_build_array(${change.action}::text), pending = null,
                   bet = bet + ${change.added}, outcome = ${JSON.stringify(change.outcome)}::jsonb,
                   status = ${change.finished ? 'settling' : 'open'}, win = ${change.win},
                   updated_at = ${change.at.toISOString()}::timestamptz
            where id = ${id} and status = 'open' and jsonb_array_length(actions) = ${step}
              and coalesce((pending ->> 'attempt')::int, 0) = ${change.attempt}
            returning id`,
      );
      return rows.length === 1;
    },
    /** A round finished at its deal (a blackjack on either side) turns `settling`. */
    async finishAtDeal(id: number, outcome: unknown, win: number) {
      await db.execute(
        sql`update rounds set status = 'settling', outcome = ${JSON.stringify(outcome)}::jsonb, win = ${win}
            where id = ${id} and status = 'open'`,
      );
    },
    /** Whether the player has a round in play (its seed must stay secret until it ends). */
    async hasOpen(player: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from rounds where player = ${player} and status = 'open' limit 1`,
      );
      return rows.length > 0;
    },
    /** Open rounds of a game nobody has touched since `before` (for that game's timeout rule). */
    async idleSince(before: Date, game: string, limit = 100): Promise<RoundRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from rounds where status = 'open' and game = ${game} and updated_at < ${before.toISOString()}::timestamptz
              order by updated_at limit ${limit}`,
        )
      ).map(numeric);
    },
    async refuse(id: number, refusal: string) {
      await db.execute(sql`update rounds set status = 'refused', refusal = ${refusal} where id = ${id}`);
    },
    /** The player's rounds whose win is unconfirmed, written before `before` (younger ones may be in play). */
    async settling(player: string, provider: GameProvider, before: Date): Promise<RoundRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from rounds where status = 'settling' and player = ${player} and provider = ${provider}
                and created_at < ${before.toISOString()}::timestamptz
              order by id limit 100`,
        )
      ).map(numeric);
    },
    async recall(player: string, limit: number): Promise<RoundRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from rounds where player = ${player} order by id desc limit ${limit}`,
        )
      ).map(numeric);
    },
  };
}

export type Rounds = ReturnType<typeof createRounds>;
