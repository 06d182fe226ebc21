import { sql, type SQL } from 'drizzle-orm';
import type { GameVolatility } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

/** A game as the back office sees it, switched on or off (migration 0016, 0030). */
export interface GameAdminRecord {
  id: number;
  slug: string;
  title: string;
  provider: string;
  code: string;
  developer: string;
  image: string;
  tags: string[];
  active: boolean;
  rtpBp: number | null;
  volatility: GameVolatility;
  createdAt: Date;
}

/** The list's sort keys, mapped to whitelisted SQL. */
export const GAME_ADMIN_COLUMNS = {
  id: 'c.id',
  title: 'lower(c.title)',
  provider: 'c.provider',
  rtp: 'g.rtp_bp',
  createdAt: 'c.created_at',
} as const;

const COLUMNS = sql`c.id, c.slug, c.title, c.provider, c.code, d.name as developer, c.image, c.tags, g.active,
  g.rtp_bp, g.volatility, c.created_at`;
const FROM = sql`from catalog_games c join games g on g.provider = c.provider and g.code = c.code
  join developers d on d.id = c.developer_id`;

const recordOf = (row: Record<string, unknown>): GameAdminRecord => ({
  id: Number(row.id),
  slug: String(row.slug),
  title: String(row.title),
  provider: String(row.provider),
  code: String(row.code),
  developer: String(row.developer),
  image: String(row.image),
  tags: (row.tags as string[]) ?? [],
  active: Boolean(row.active),
  rtpBp: row.rtp_bp === null ? null : Number(row.rtp_bp),
  volatility: String(row.volatility) as GameVolatility,
  createdAt: new Date(row.created_at as string),
});

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The catalogue's tables as the games screens change them (ADR 037). */
export function createGamesAdminRepository(db: Db) {
  return {
    async list(
      filters: {
        query?: string | undefined;
        provider?: string | undefined;
        state?: 'active' | 'disabled' | undefined;
      },
      window: { orderBy: SQL; limit: number; offset: number },
    ): Promise<{ rows: GameAdminRecord[]; total: number }> {
      const conditions: SQL[] = [sql`true`];
      if (filters.query) {
        const pattern = like(filters.query);
        conditions.push(
          sql`(lower(c.title) like ${pattern} or c.slug like ${pattern} or c.code like ${pattern}
               or (${/^\d+$/.test(filters.query) ? Number(filters.query) : -1})::bigint = c.id)`,
        );
      }
      if (filters.provider) conditions.push(sql`c.provider = ${filters.provider}`);
      if (filters.state) conditions.push(sql`g.active = ${filters.state === 'active'}`);
      const where = sql.join(conditions, sql` and `);
      const [rows, [counted]] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`select ${COLUMNS} ${FROM} where ${where} order by ${window.orderBy}
              limit ${window.limit} offset ${window.offset}`,
        ),
        queryRows<{ n: string }>(db, sql`select count(*)::text as n ${FROM} where ${where}`),
      ]);
      return { rows: rows.map(recordOf), total: Number(counted?.n ?? 0) };
    },

    async one(id: number, executor: Db = db): Promise<GameAdminRecord | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(
        executor,
        sql`select ${COLUMNS} ${FROM} where c.id = ${id}`,
      );
      return row && recordOf(row);
    },

    async setActive(game: { provider: string; code: string }, active: boolean, executor: Db): Promise<void> {
      await executor.execute(
        sql`update games set active = ${active} where provider = ${game.provider} and code = ${game.code}`,
      );
    },

    async update(
      game: GameAdminRecord,
      change: { title: string; tags: string[]; volatility: GameVolatility },
      executor: Db,
    ): Promise<void> {
      await executor.execute(sql`update catalog_games set title = ${change.title},
        tags = ${`{${change.tags.join(',')}}`}::text[] where id = ${game.id}`);
      await executor.execute(sql`update games set volatility = ${change.volatility}
        where provider = ${game.provider} and code = ${game.code}`);
    },

    async setImage(id: number, image: { hash: string; bytes: Buffer; url: string; at: Date }, executor: Db) {
      await executor.execute(sql`insert into catalog_game_images (game_id, hash, bytes, created_at)
        values (${id}, ${image.hash}, decode(${image.bytes.toString('base64')}, 'base64'), ${image.at.toISOString()}::timestamptz)
        on conflict (game_id) do update set hash = excluded.hash, bytes = excluded.bytes, created_at = excluded.created_at`);
      await executor.execute(sql`update catalog_games set image = ${image.url} where id = ${id}`);
    },

    /** Every tag: the named ones (Russian names) and any a game carries. */
    async knownTags(): Promise<{ tag: string; name: string }[]> {
      const rows = await queryRows<{ tag: string; name: string | null }>(
        db,
        sql`select t.tag, max(l.name) as name from (
              select tag from tag_locales union select distinct unnest(tags) from catalog_games
            ) t left join tag_locales l on l.tag = t.tag and l.locale = 'ru'
            group by t.tag order by t.tag`,
      );
      return rows.map((row) => ({ tag: row.tag, name: row.name ?? row.tag }));
    },

    async tabs(executor: Db = db) {
      const rows = await queryRows<{
        id: string;
        slug: string;
        title: string;
        position: number;
        games: string;
      }>(
        executor,
        sql`select t.id, t.slug, t.title, t.position,
                   (select count(*) from game_type_games tg where tg.type_id = t.id)::text as games
            from game_types t order by t.position, t.id`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        slug: r.slug,
        title: r.title,
        position: Number(r.position),
        games: Number(r.games),
      }));
    },

    async orderTabs(ids: number[], executor: Db): Promise<void> {
      await executor.execute(sql`update game_types t set position = x.ord * 10
        from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as x(id, ord) where t.id = x.id`);
    },

    async sets(slugs: readonly string[], executor: Db = db) {
      const rows = await queryRows<{
        set_slug: string;
        id: string;
        title: string;
        image: string;
        active: boolean;
      }>(
        executor,
        sql`select s.set_slug, c.id, c.title, c.image, g.active from game_sets s
            join catalog_games c on c.id = s.game_id join games g on g.provider = c.provider and g.code = c.code
            order by s.set_slug, s.position, c.id`,
      );
      return slugs.map((slug) => ({
        slug,
        games: rows
          .filter((r) => r.set_slug === slug)
          .map((r) => ({ id: Number(r.id), title: r.title, image: r.image, active: Boolean(r.active) })),
      }));
    },

    async orderSet(slug: string, gameIds: number[], executor: Db): Promise<void> {
      await executor.execute(sql`update game_sets s set position = x.ord
        from unnest(${`{${gameIds.join(',')}}`}::bigint[]) with ordinality as x(id, ord)
        where s.set_slug = ${slug} and s.game_id = x.id`);
    },
  };
}

export type GamesAdminRepository = ReturnType<typeof createGamesAdminRepository>;
