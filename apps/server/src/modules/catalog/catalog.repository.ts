import { sql, type SQL } from 'drizzle-orm';
import type { CatalogGame } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';

/** The columns of a catalogue game as the player sees it (active games only). */
const GAME_COLUMNS = sql`c.id, c.slug, c.title, c.image, c.is_mobile, c.is_desktop, c.bet_statistic, c.only_real_balance,
  c.tags, c.position, g.verified_only, g.demo_available, g.rtp_bp,
  d.id as developer_id, d.name as developer_name, d.canonical as developer_canonical,
  array(select t.slug from game_type_games tg join game_types t on t.id = tg.type_id
        where tg.game_id = c.id and t.active order by t.position) as categories`;
const GAME_FROM = sql`from catalog_games c
  join games g on g.provider = c.provider and g.code = c.code
  join developers d on d.id = c.developer_id
  where g.active and d.active
    and not exists (select 1 from game_providers p where p.id = g.provider and not p.active)`;

const gameOf = (row: Record<string, unknown>): CatalogGame => ({
  id: Number(row.id),
  slug: String(row.slug),
  title: String(row.title),
  image: String(row.image),
  isMobile: Boolean(row.is_mobile),
  isDesktop: Boolean(row.is_desktop),
  betStatistic: Number(row.bet_statistic),
  developer: {
    id: Number(row.developer_id),
    name: String(row.developer_name),
    canonical: String(row.developer_canonical),
  },
  categories: (row.categories as string[]) ?? [],
  tags: (row.tags as string[]) ?? [],
  onlyRealBalance: Boolean(row.only_real_balance),
  verifiedOnly: Boolean(row.verified_only),
  rtp: row.rtp_bp === null ? null : Number(row.rtp_bp) / 100,
  demoAvailable: Boolean(row.demo_available),
  position: Number(row.position),
});

const device = (isMobile: boolean | undefined) =>
  isMobile === undefined ? sql`` : isMobile ? sql` and c.is_mobile` : sql` and c.is_desktop`;

export interface NewCatalogGame {
  provider: string;
  code: string;
  slug: string;
  title: string;
  developer: string;
  image: string;
  isMobile: boolean;
  isDesktop: boolean;
  onlyRealBalance: boolean;
  tags: string[];
  position: number;
  betStatistic: number;
  types: string[];
}

/** The only door to the catalogue's tables (migration 0016). */
export function createCatalogRepository(db: Db) {
  /**
   * Games in order: the page's ids are chosen first (an index walk), then only those rows get their
   * tabs and developer, so a page costs the same at any offset.
   */
  async function games(where: SQL, order: SQL, page?: { limit: number; offset: number }) {
    const chosen = page
      ? sql` and c.id = any(array(select c.id ${GAME_FROM}${where} order by ${order} limit ${page.limit} offset ${page.offset}))`
      : where;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select ${GAME_COLUMNS} ${GAME_FROM}${chosen} order by ${order}`,
    );
    return rows.map(gameOf);
  }

  const keysArray = (pairs: { provider: string; code: string }[]) =>
    `{${pairs.map((pair) => `"${`${pair.provider}/${pair.code}`.replace(/["\\]/g, '')}"`).join(',')}}`;

  return {
    page: (page: { limit: number; offset: number }, isMobile?: boolean, developer?: string) =>
      games(
        sql`${device(isMobile)}${developer ? sql` and d.canonical = ${developer}` : sql``}`,
        sql`c.position, c.id`,
        page,
      ),

    /** Every active game with its `provider/code`, most played first, and every tag's names (search). */
    async snapshot(): Promise<CatalogSnapshot> {
      const [rows, tags] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`select ${GAME_COLUMNS}, c.provider || '/' || c.code as key ${GAME_FROM} order by c.bet_statistic desc, c.id`,
        ),
        queryRows<{ tag: string; locale: string; name: string }>(
          db,
          sql`select tag, locale, name from tag_locales order by tag, locale`,
        ),
      ]);
      const tagLocales = new Map<string, Record<string, string>>();
      for (const row of tags) tagLocales.set(row.tag, { ...tagLocales.get(row.tag), [row.locale]: row.name });
      return {
        games: rows.map((row) => {
          const game = gameOf(row);
          return { game, key: String(row.key), title: game.title.toLowerCase() };
        }),
        tagLocales,
      };
    },

    /**
     * The catalogue's version, bumped by every change to what the lobby shows (the triggers calling
     * `bump_catalog_version`: apps/server/sql/functions.sql).
     */
    async version(): Promise<number> {
      const [row] = await queryRows<{ version: string }>(
        db,
        sql`select version::text as version from catalog_version where id = 1`,
      );
      return Number(row?.version ?? 0);
    },

    /** The most played games. */
    popular: (limit: number, isMobile?: boolean) =>
      games(device(isMobile), sql`c.bet_statistic desc, c.id`, { limit, offset: 0 }),

    /** The newest games. */
    newest: (limit: number, isMobile?: boolean) =>
      games(device(isMobile), sql`c.created_at desc, c.id desc`, { limit, offset: 0 }),

    /**
     * Games like the ones given (sharing a tag or a developer), those themselves left out: the most
     * tags shared first, then the most played.
     */
    similar: (played: { provider: string; code: string }[], limit: number, isMobile?: boolean) => {
      const mine = sql`(select p.tags, p.developer_id, p.id from catalog_games p
        where p.provider || '/' || p.code = any(${keysArray(played)}::text[]))`;
      return games(
        sql` and c.id not in (select m.id from ${mine} m)
             and (c.tags && (select coalesce(array_agg(t), '{}') from ${mine} m, unnest(m.tags) t)
                  or c.developer_id in (select m.developer_id from ${mine} m))${device(isMobile)}`,
        sql`(select count(*) from ${mine} m, unnest(m.tags) t where t = any(c.tags)) desc, c.bet_statistic desc, c.id`,
        { limit, offset: 0 },
      );
    },

    /**
     * A tab's games, lightly (id, title, studio, when added), in the tab's order (then the most
     * played), for sorting and filtering a tab in memory; undefined for an unknown or inactive tab.
     */
    async tabEntries(slug: string, isMobile?: boolean) {
      const [type] = await queryRows<{ id: string }>(
        db,
        sql`select id from game_types where slug = ${slug} and active`,
      );
      if (!type) return undefined;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select c.id, c.title, c.created_at, d.name as developer_name, d.canonical as developer_canonical
            ${GAME_FROM} and c.id in (select tg.game_id from game_type_games tg where tg.type_id = ${type.id})${device(isMobile)}
            order by (select tg.position from game_type_games tg where tg.type_id = ${type.id} and tg.game_id = c.id),
              c.bet_statistic desc, c.id`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        title: String(row.title),
        createdAt: new Date(row.created_at as string | Date).getTime(),
        developer: { name: String(row.developer_name), canonical: String(row.developer_canonical) },
      }));
    },

    /** Where today began in a time zone. */
    async startOfDay(at: Date, timezone: string): Promise<Date> {
      const [row] = await queryRows<{ start: string | Date }>(
        db,
        sql`select (date_trunc('day', ${at.toISOString()}::timestamptz at time zone ${timezone}) at time zone ${timezone}) as start`,
      );
      return new Date(row!.start);
    },

    /** The provider and code behind a catalogue slug. */
    async registryOfSlug(slug: string): Promise<{ id: number; provider: string; code: string } | undefined> {
      const [row] = await queryRows<{ id: string; provider: string; code: string }>(
        db,
        sql`select c.id, c.provider, c.code ${GAME_FROM} and c.slug = ${slug}`,
      );
      return row && { id: Number(row.id), provider: row.provider, code: row.code };
    },

    byIds: (ids: number[], isMobile?: boolean) =>
      games(
        sql` and c.id = any(${`{${ids.join(',')}}`}::bigint[])${device(isMobile)}`,
        sql`c.position, c.id`,
      ),

    /** A curated set, in its order. */
    setGames: (set: string, page: { limit: number; offset: number }, isMobile?: boolean) =>
      games(
        sql` and c.id in (select s.game_id from game_sets s where s.set_slug = ${set})${device(isMobile)}`,
        sql`(select s.position from game_sets s where s.set_slug = ${set} and s.game_id = c.id), c.id`,
        page,
      ),

    /** Games by `provider/code` (unknown or inactive ones absent). */
    async byKeys(
      pairs: { provider: string; code: string }[],
      isMobile?: boolean,
    ): Promise<Map<string, CatalogGame>> {
      if (pairs.length === 0) return new Map();
      const keys = [...new Set(pairs.map((pair) => `${pair.provider}/${pair.code}`))];
      const ids = await queryRows<{ id: string; key: string }>(
        db,
        sql`select c.id, c.provider || '/' || c.code as key from catalog_games c
            where c.provider || '/' || c.code = any(${`{${keys.join(',')}}`}::text[])`,
      );
      const found = new Map(
        (
          await games(
            sql` and c.id = any(${`{${ids.map((row) => row.id).join(',')}}`}::bigint[])${device(isMobile)}`,
            sql`c.id`,
          )
        ).map((game) => [game.id, game]),
      );
      return new Map(
        ids.flatMap((row) => {
          const game = found.get(Number(row.id));
          return game ? [[row.key, game] as const] : [];
        }),
      );
    },

    /** The provider and code behind a catalogue id. */
    async registryOf(id: number): Promise<{ provider: string; code: string } | undefined> {
      const [row] = await queryRows<{ provider: string; code: string }>(
        db,
        sql`select c.provider, c.code ${GAME_FROM} and c.id = ${id}`,
      );
      return row;
    },

    async bySlug(slug: string): Promise<CatalogGame | undefined> {
      return (await games(sql` and c.slug = ${slug}`, sql`c.id`))[0];
    },

    async tagLocales(tags: string[]): Promise<{ name: string; locales: Record<string, string> }[]> {
      if (tags.length === 0) return [];
      const rows = await queryRows<{ tag: string; locale: string; name: string }>(
        db,
        sql`select tag, locale, name from tag_locales where tag = any(${`{${tags.join(',')}}`}::text[]) order by tag`,
      );
      const byTag = new Map<string, Record<string, string>>();
      for (const row of rows) byTag.set(row.tag, { ...byTag.get(row.tag), [row.locale]: row.name });
      return tags.map((name) => ({ name, locales: byTag.get(name) ?? {} }));
    },

    async gameTypes() {
      const rows = await queryRows<{ id: string; slug: string; title: string; position: number }>(
        db,
        sql`select id, slug, title, position from game_types where active order by position, id`,
      );
      return rows.map((row) => ({ ...row, id: Number(row.id), position: Number(row.position) }));
    },

    async developers() {
      const rows = await queryRows<{
        id: string;
        name: string;
        canonical: string;
        position: number;
        n: string;
      }>(
        db,
        sql`select d.id, d.name, d.canonical, d.position, count(c.id)::text as n
            from developers d join catalog_games c on c.developer_id = d.id
            join games g on g.provider = c.provider and g.code = c.code
            where d.active and g.active
              and not exists (select 1 from game_providers p where p.id = g.provider and not p.active)
            group by d.id order by d.position, d.name`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        canonical: row.canonical,
        position: Number(row.position),
        gamesCount: Number(row.n),
      }));
    },

    /** Sets each game's statistic to its base weight plus the rounds played recently. */
    async refreshStatistics(played: { provider: string; code: string; rounds: number }[]): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update catalog_games c
            set bet_statistic = c.base_statistic + coalesce(x.rounds, 0)
            from catalog_games c2
            left join jsonb_to_recordset(${JSON.stringify(played)}::jsonb) as x(provider text, code text, rounds bigint)
              on x.provider = c2.provider and x.code = c2.code
            where c2.id = c.id and c.bet_statistic <> c.base_statistic + coalesce(x.rounds, 0)
            returning c.id`,
      );
      return rows.length;
    },

    /** A player's favourites for a device type: most played first, then by developer (spec §4). */
    async favorites(userId: number, isMobile: boolean): Promise<number[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select c.id from favorite_games f join catalog_games c on c.id = f.game_id
            where f.user_id = ${userId} and f.is_mobile = ${isMobile}
            order by c.bet_statistic desc, c.developer_id, c.id`,
      );
      return rows.map((row) => Number(row.id));
    },
    async addFavorites(userId: number, ids: number[], isMobile: boolean, at: Date): Promise<void> {
      await db.execute(sql`insert into favorite_games (user_id, game_id, is_mobile, created_at)
        select ${userId}, c.id, ${isMobile}, ${at.toISOString()}::timestamptz from catalog_games c
        where c.id = any(${`{${ids.join(',')}}`}::bigint[])
        on conflict do nothing`);
    },
    async removeFavorites(userId: number, ids: number[], isMobile: boolean): Promise<void> {
      await db.execute(sql`delete from favorite_games where user_id = ${userId} and is_mobile = ${isMobile}
        and game_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    },

    /** An uploaded cover by its game's slug (the game must be shown: the route checks that first). */
    async uploadedImage(slug: string): Promise<{ hash: string; bytes: Buffer } | undefined> {
      const [row] = await queryRows<{ hash: string; bytes: string }>(
        db,
        sql`select i.hash, encode(i.bytes, 'base64') as bytes from catalog_game_images i
            join catalog_games c on c.id = i.game_id where c.slug = ${slug}`,
      );
      return row && { hash: row.hash, bytes: Buffer.from(row.bytes, 'base64') };
    },

    async hasDemo(): Promise<boolean> {
      const rows = await queryRows<{ found: number }>(
        db,
        sql`select 1 as found from catalog_games where provider = 'demo' limit 1`,
      );
      return rows.length > 0;
    },

    /** Demo content: developers, tabs, tags and games, added once (an operator's edits are kept). */
    async ensureDemo(content: {
      developers: { name: string; canonical: string; position: number }[];
      types: { slug: string; title: string; position: number }[];
      tags: { tag: string; locale: string; name: string }[];
      games: NewCatalogGame[];
      sets: { set: string; slugs: string[] }[];
      at: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        for (const d of content.developers) {
          await tx.execute(sql`insert into developers (name, canonical, position) values (${d.name}, ${d.canonical}, ${d.position})
            on conflict (canonical) do nothing`);
        }
        for (const t of content.types) {
          await tx.execute(sql`insert into game_types (slug, title, position) values (${t.slug}, ${t.title}, ${t.position})
            on conflict (slug) do nothing`);
        }
        for (const t of content.tags) {
          await tx.execute(sql`insert into tag_locales (tag, locale, name) values (${t.tag}, ${t.locale}, ${t.name})
            on conflict do nothing`);
        }
        const at = content.at.toISOString();
        for (let i = 0; i < content.games.length; i += 500) {
          const chunk = content.games.slice(i, i + 500);
          await tx.execute(sql`insert into catalog_games (provider, code, slug, title, developer_id, image, is_mobile, is_desktop,
              only_real_balance, tags, position, base_statistic, bet_statistic, created_at)
            select x.provider, x.code, x.slug, x.title, d.id, x.image, x.is_mobile, x.is_desktop, x.only_real_balance,
                   x.tags, x.position, x.bet_statistic, x.bet_statistic, ${at}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(
              chunk.map((g) => ({
                provider: g.provider,
                code: g.code,
                slug: g.slug,
                title: g.title,
                developer: g.developer,
                image: g.image,
                is_mobile: g.isMobile,
                is_desktop: g.isDesktop,
                only_real_balance: g.onlyRealBalance,
                tags: g.tags,
                position: g.position,
                bet_statistic: g.betStatistic,
              })),
            )}::jsonb) as x(provider text, code text, slug text, title text, developer text, image text, is_mobile boolean,
                            is_desktop boolean, only_real_balance boolean, tags text[], position integer, bet_statistic bigint)
            join developers d on d.canonical = x.developer
            on conflict (provider, code) do nothing`);
          await tx.execute(sql`insert into game_type_games (type_id, game_id, position)
            select t.id, c.id, c.position
            from jsonb_to_recordset(${JSON.stringify(chunk.flatMap((g) => g.types.map((type) => ({ slug: g.slug, type }))))}::jsonb)
              as x(slug text, type text)
            join catalog_games c on c.slug = x.slug join game_types t on t.slug = x.type
            on conflict do nothing`);
        }
        for (const set of content.sets) {
          await tx.execute(sql`insert into game_sets (set_slug, game_id, position)
            select ${set.set}, c.id, array_position(${`{${set.slugs.join(',')}}`}::text[], c.slug)
            from catalog_games c where c.slug = any(${`{${set.slugs.join(',')}}`}::text[])
            on conflict do nothing`);
        }
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
