import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

/** A provider as the back office keeps it (migration 0030): its switch and, when set here, its secret. */
export interface ProviderRecord {
  id: string;
  name: string | null;
  active: boolean;
  launchUrl: string | null;
  secretSealed: string | null;
  secretHint: string | null;
  secretRotatedAt: Date | null;
}

/** Settled play of one game over a window, from its closed rounds (live RTP; ADR 037). */
export interface GamePlay {
  provider: string;
  code: string;
  rounds: number;
  staked: number;
  returned: number;
  /** Σ stake² of the rounds: their effective number is staked² / this. */
  stakeSquares: number;
}

const recordOf = (row: Record<string, unknown>): ProviderRecord => ({
  id: String(row.id),
  name: row.name === null ? null : String(row.name),
  active: Boolean(row.active),
  launchUrl: row.launch_url === null ? null : String(row.launch_url),
  secretSealed: row.secret_sealed === null ? null : String(row.secret_sealed),
  secretHint: row.secret_hint === null ? null : String(row.secret_hint),
  secretRotatedAt: row.secret_rotated_at === null ? null : new Date(row.secret_rotated_at as string),
});

/** The providers' table (game_providers) and the play figures the back office reads. */
export function createProvidersRepository(db: Db) {
  return {
    async all(): Promise<ProviderRecord[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select id, name, active, launch_url, secret_sealed, secret_hint, secret_rotated_at
            from game_providers order by id`,
      );
      return rows.map(recordOf);
    },

    /** Games per provider, and how many of them are on. */
    async gameCounts(): Promise<Map<string, { games: number; active: number }>> {
      const rows = await queryRows<{ provider: string; games: string; active: string }>(
        db,
        sql`select provider, count(*)::text as games, count(*) filter (where active)::text as active
            from games group by provider`,
      );
      return new Map(rows.map((r) => [r.provider, { games: Number(r.games), active: Number(r.active) }]));
    },

    /** A back-office provider; false when the id is taken. */
    async create(
      row: { id: string; name: string; launchUrl: string; sealed: string; hint: string; at: Date },
      executor: Db = db,
    ): Promise<boolean> {
      const at = row.at.toISOString();
      const created = await queryRows<{ id: string }>(
        executor,
        sql`insert into game_providers (id, name, active, launch_url, secret_sealed, secret_hint, secret_rotated_at,
              created_at, updated_at)
            values (${row.id}, ${row.name}, true, ${row.launchUrl}, ${row.sealed}, ${row.hint}, ${at}::timestamptz,
              ${at}::timestamptz, ${at}::timestamptz)
            on conflict (id) do nothing returning id`,
      );
      return created.length > 0;
    },

    async setActive(id: string, active: boolean, at: Date, executor: Db = db): Promise<void> {
      await executor.execute(sql`insert into game_providers (id, active, created_at, updated_at)
        values (${id}, ${active}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
        on conflict (id) do update set active = excluded.active, updated_at = excluded.updated_at`);
    },

    async setSecret(id: string, sealed: string, hint: string, at: Date, executor: Db = db): Promise<void> {
      await executor.execute(sql`insert into game_providers (id, active, secret_sealed, secret_hint, secret_rotated_at,
          created_at, updated_at)
        values (${id}, true, ${sealed}, ${hint}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz,
          ${at.toISOString()}::timestamptz)
        on conflict (id) do update set secret_sealed = excluded.secret_sealed, secret_hint = excluded.secret_hint,
          secret_rotated_at = excluded.secret_rotated_at, updated_at = excluded.updated_at`);
    },

    /**
     * Settled play per game since each moment asked: rounds closed since then with a stake, what they
     * staked and returned (bets and wins not rolled back), and Σ stake² (ADR 037).
     */
    async play(games: { provider: string; code: string }[], since: Date | null): Promise<GamePlay[]> {
      if (games.length === 0) return [];
      const keys = `{${games.map((g) => `"${`${g.provider}/${g.code}`.replace(/["\\]/g, '')}"`).join(',')}}`;
      const rows = await queryRows<Record<string, string>>(
        db,
        sql`with settled as (
              select r.provider, r.game_code, r.round,
                     coalesce(sum(t.amount) filter (where t.kind = 'bet' and not t.rolled_back), 0) as staked,
                     coalesce(sum(t.amount) filter (where t.kind = 'win' and not t.rolled_back), 0) as returned
              from game_rounds r
              join provider_transactions t on t.provider = r.provider and t.round = r.round and t.kind in ('bet', 'win')
              where r.closed_at is not null
                and r.provider || '/' || r.game_code = any(${keys}::text[])
                ${since ? sql`and r.closed_at >= ${since.toISOString()}::timestamptz` : sql``}
              group by r.provider, r.game_code, r.round
            )
            select provider, game_code, count(*)::text as rounds, sum(staked)::text as staked,
                   sum(returned)::text as returned, sum(staked::float8 * staked::float8)::text as squares
            from settled where staked > 0 group by provider, game_code`,
      );
      return rows.map((r) => ({
        provider: r.provider!,
        code: r.game_code!,
        rounds: Number(r.rounds),
        staked: Number(r.staked),
        returned: Number(r.returned),
        stakeSquares: Number(r.squares),
      }));
    },
  };
}

export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;
