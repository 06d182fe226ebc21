import type { CurrencyCode } from '@kometa/money';
import type { CatalogGame } from '@kometa/contracts';
import { RATINGS_LIMIT } from '@kometa/contracts';
import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { GameLauncher } from '../seamless/index.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import { createCatalogSnapshot } from './catalog-snapshot.ts';
import {
  DEMO_STUDIOS,
  DEMO_TAGS,
  DEMO_TYPES,
  KOMETA_GAMES,
  generatedGames,
  type DemoRegistryGame,
} from './demo-catalog.ts';

interface Win {
  userId: number;
  provider: string;
  code: string;
  amount: number;
  currency: string;
  at: Date;
}

/** What the catalogue asks the seamless wallet, the accounts and the wallet (bound in app.ts). */
export interface CatalogPorts {
  launch: GameLauncher;
  /** A guest's demo frame (no casino session); answers the frame's address. */
  launchGuest(game: { provider: string; code: string }, language: string): Promise<string>;
  topWins(query: { currency: string; since?: Date; limit: number; hidden: number[] }): Promise<Win[]>;
  topPlayers(query: {
    currency: string;
    since?: Date;
    by: 'net' | 'staked';
    limit: number;
    offset: number;
    hidden: number[];
  }): Promise<{ userId: number; amount: number; rounds: number }[]>;
  /** Fake and tester players, never in public figures. */
  hiddenPlayers(): Promise<number[]>;
  /** The player's real and bonus money in a currency, in minor units. */
  balances(userId: number, currency: CurrencyCode): Promise<{ real: number; bonus: number }>;
  recentGames(userId: number, limit: number): Promise<{ provider: string; code: string }[]>;
  recentWins(currency: string, limit: number): Promise<Win[]>;
  publicPlayers(ids: number[]): Promise<Map<number, { name: string; isPublic: boolean }>>;
  roundCounts(since: Date, userId?: number): Promise<{ provider: string; code: string; rounds: number }[]>;
}

/** Rounds count towards a game's bet statistic for this long. */
export const STATISTIC_WINDOW_MS = 30 * 24 * 3_600_000;

/** How stale the in-memory search may get on an instance that did not make a change itself. */
const SNAPSHOT_MAX_AGE_MS = 30_000;

/** Rankings are aggregates over every round: computed once a minute, shared by every instance. */
const RANKINGS_TTL_MS = 60_000;

const gameRef = (game: CatalogGame) => ({
  id: game.id,
  slug: game.slug,
  title: game.title,
  image: game.image,
});

const keyed = (games: CatalogGame[]) => Object.fromEntries(games.map((game) => [String(game.id), game]));

/** The lobby's reads and the player's favourites (issue 6). */
export function createCatalogService(deps: {
  repository: CatalogRepository;
  clock: Clock;
  cache: Cache;
  ports: CatalogPorts;
  siteOrigin: string;
  timezone: string;
}) {
  const { repository } = deps;

  async function remembered<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = await deps.cache.get(`catalog:${key}`);
    if (hit !== null) return JSON.parse(hit) as T;
    const value = await load();
    await deps.cache.set(`catalog:${key}`, JSON.stringify(value), RANKINGS_TTL_MS);
    return value;
  }

  /** The casino's addresses for the frame's lobby and cashier links. */
  function withLinks(address: string, links: { backUrl?: string | undefined; cashUrl?: string | undefined }) {
    const url = new URL(address);
    if (links.backUrl) url.searchParams.set('backUrl', `${deps.siteOrigin}${links.backUrl}`);
    if (links.cashUrl) url.searchParams.set('cashUrl', `${deps.siteOrigin}${links.cashUrl}`);
    return url.toString();
  }

  /**
   * Wins as the feeds show them: each with a display name that reveals no contact and its game;
   * fake and tester players never appear.
   */
  async function shown(wins: Win[]) {
    const players = await deps.ports.publicPlayers([...new Set(wins.map((win) => win.userId))]);
    const games = await repository.byKeys(wins);
    return wins.flatMap((win) => {
      const player = players.get(win.userId);
      const game = games.get(`${win.provider}/${win.code}`);
      if (!player?.isPublic || !game) return [];
      return [
        {
          user: { name: player.name },
          game: gameRef(game),
          amount: win.amount,
          currency: win.currency as CurrencyCode,
          at: Math.floor(win.at.getTime() / 1000),
        },
      ];
    });
  }

  const now = () => new Date(deps.clock.now());
  const snapshot = createCatalogSnapshot({
    load: () => repository.snapshot(),
    version: () => repository.version(),
    maxAgeMs: SNAPSHOT_MAX_AGE_MS,
    now: () => deps.clock.now(),
  });
  const today = () => repository.startOfDay(now(), deps.timezone);

  return {
    setGames: (set: string, page: { limit: number; offset: number }, isMobile?: boolean) =>
      repository.setGames(set, page, isMobile),

    /**
     * The latest wins in a currency (spec §4 winners), each with a display name that reveals no
     * contact; fake and tester players never appear.
     */
    async winners(currency: string, limit: number) {
      return (await shown(await deps.ports.recentWins(currency, limit * 4))).slice(0, limit);
    },

    /** The games the player launched last, most recent first. */
    async lastGames(userId: number, limit: number, isMobile?: boolean) {
      const recent = await deps.ports.recentGames(userId, limit);
      const games = await repository.byKeys(recent, isMobile);
      return recent.flatMap((pair) => games.get(`${pair.provider}/${pair.code}`) ?? []);
    },

    /**
     * Launches a catalogue game (spec §7 /games/{id}/demo and /real): the provider's frame address,
     * with the site's lobby and cashier addresses for its buttons.
     */
    async launch(
      auth: Authenticated,
      id: number,
      mode: 'real' | 'demo',
      links: { backUrl?: string | undefined; cashUrl?: string | undefined },
      language: string,
    ) {
      const game = await repository.registryOf(id);
      if (!game) throw new AppError('NOT_FOUND');
      const launched = await deps.ports.launch(auth, { ...game, mode }, language);
      return {
        url: withLinks(launched.url, links),
        launchType: 'iframe' as const,
        launchOptions: null,
        status: 'ok' as const,
        expiresAt: launched.expiresAt,
      };
    },

    /**
     * A game's promo frame (spec §7 /games/{slug}/promo): a player launches it for real (417 for a
     * verified-only game without KYC); a guest plays it on play money, with no session to expire.
     */
    async promo(
      auth: Authenticated | undefined,
      slug: string,
      links: { backUrl?: string | undefined; cashUrl?: string | undefined },
      language: string,
    ) {
      const game = await repository.registryOfSlug(slug);
      if (!game) throw new AppError('NOT_FOUND');
      if (auth) return this.launch(auth, game.id, 'real', links, language);
      return {
        url: withLinks(await deps.ports.launchGuest(game, language), links),
        launchType: 'iframe' as const,
        launchOptions: null,
        status: 'ok' as const,
        expiresAt: null,
      };
    },

    /**
     * Pre-game info (spec §4 pre-game popup): blocked by an empty balance, or by a real-balance-only
     * game while the player has bonus money only, unless an active free-bet gift exists (gifts are a
     * later feature: none exists yet).
     */
    async pregame(auth: Authenticated, slug: string) {
      const game = await repository.bySlug(slug);
      if (!game) throw new AppError('NOT_FOUND');
      const currency = auth.user.currency as CurrencyCode;
      const balance = await deps.ports.balances(auth.user.id, currency);
      const freeBet = false;
      const reason =
        balance.real + balance.bonus <= 0
          ? ('empty_balance' as const)
          : game.onlyRealBalance && balance.real <= 0
            ? ('bonus_only' as const)
            : null;
      return {
        game,
        blocked: reason !== null && !freeBet,
        reason,
        balance: { currency, ...balance },
        freeBet,
      };
    },

    /** A lobby tab's games in order (the first 50 by default), keyed by id, with the tab's size. */
    async typeGames(slug: string, page: { limit: number; offset: number }, isMobile?: boolean) {
      const found = await repository.typeGames(slug, page, isMobile);
      if (!found) throw new AppError('NOT_FOUND');
      return {
        slug,
        sort: found.items.map((game) => ({ game_id: game.id })),
        activeGames: found.count,
        games: keyed(found.items),
      };
    },

    /** Recommendations for the search page: games for this player (or the most played) and their tags. */
    async forSearch(userId: number | undefined, isMobile?: boolean) {
      const games = await this.byModel(userId === undefined ? 'popular' : 'personal', 12, userId, isMobile);
      const counted = new Map<string, number>();
      for (const game of games) for (const tag of game.tags) counted.set(tag, (counted.get(tag) ?? 0) + 1);
      const tags = [...counted].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 8);
      return { games, tags: await repository.tagLocales(tags.map(([tag]) => tag)) };
    },

    /**
     * Recommendations by model: `popular` (most played), `new` (newest), `personal` (games sharing
     * tags or a developer with what the player played most in 30 days; the most played for a guest or
     * a player with no rounds yet).
     */
    async byModel(
      model: 'personal' | 'popular' | 'new',
      limit: number,
      userId?: number,
      isMobile?: boolean,
    ): Promise<CatalogGame[]> {
      if (model === 'new') return repository.newest(limit, isMobile);
      if (model === 'personal' && userId !== undefined) {
        const played = (
          await deps.ports.roundCounts(new Date(deps.clock.now() - STATISTIC_WINDOW_MS), userId)
        )
          .sort((a, b) => b.rounds - a.rounds)
          .slice(0, 5);
        if (played.length > 0) {
          const similar = await repository.similar(played, limit, isMobile);
          if (similar.length > 0) return similar;
        }
      }
      return repository.popular(limit, isMobile);
    },

    /** Ratings: the biggest wins of today (the operator's day) or of all time, fake players left out. */
    ratings(period: 'daily' | 'total', currency: CurrencyCode) {
      return remembered(`ratings:${period}:${currency}`, async () => {
        const wins = await deps.ports.topWins({
          currency,
          ...(period === 'daily' ? { since: await today() } : {}),
          limit: RATINGS_LIMIT,
          hidden: await deps.ports.hiddenPlayers(),
        });
        return (await shown(wins)).map((entry, index) => ({ place: index + 1, ...entry }));
      });
    },

    /**
     * The hall of fame: players by net winnings of all time (`top`) and of today (`daily`), and by
     * stakes over 30 days (`statuses`); fake and tester players never appear.
     */
    hallOfFame(page: { limit: number; offset: number }, currency: CurrencyCode) {
      return remembered(`hall:${currency}:${page.limit}:${page.offset}`, async () => {
        const hidden = await deps.ports.hiddenPlayers();
        const ranked = (query: { since?: Date; by: 'net' | 'staked' }) =>
          deps.ports.topPlayers({ ...query, currency, limit: page.limit, offset: page.offset, hidden });
        const [top, daily, statuses] = await Promise.all([
          ranked({ by: 'net' }),
          today().then((since) => ranked({ since, by: 'net' })),
          ranked({ since: new Date(deps.clock.now() - STATISTIC_WINDOW_MS), by: 'staked' }),
        ]);
        const players = await deps.ports.publicPlayers([
          ...new Set([...top, ...daily, ...statuses].map((entry) => entry.userId)),
        ]);
        const shown = (entries: { userId: number; amount: number; rounds: number }[]) =>
          entries.map((entry, index) => ({
            place: page.offset + index + 1,
            user: { name: players.get(entry.userId)?.name ?? '***' },
            amount: entry.amount,
            rounds: entry.rounds,
            currency,
          }));
        return { top: shown(top), daily: shown(daily), statuses: shown(statuses) };
      });
    },

    /** A page of the lobby in order (of one developer, when asked), or the games of `ids`, keyed by id. */
    async games(query: {
      limit: number;
      offset: number;
      ids?: number[] | undefined;
      isMobile?: boolean | undefined;
      developer?: string | undefined;
    }) {
      return keyed(
        query.ids
          ? await repository.byIds(query.ids, query.isMobile)
          : await repository.page(
              { limit: query.limit, offset: query.offset },
              query.isMobile,
              query.developer,
            ),
      );
    },

    async game(slug: string): Promise<CatalogGame> {
      const found = await repository.bySlug(slug);
      if (!found) throw new AppError('NOT_FOUND');
      return found;
    },

    gameTypes: () => repository.gameTypes(),

    /** Recomputes every game's bet statistic from the rounds of the last 30 days; answers how many changed. */
    async refreshStatistics(): Promise<number> {
      const changed = await repository.refreshStatistics(
        await deps.ports.roundCounts(new Date(deps.clock.now() - STATISTIC_WINDOW_MS)),
      );
      if (changed > 0) snapshot.invalidate();
      return changed;
    },
    developers: () => repository.developers(),

    /**
     * Search; `-userStatistic` puts first the games the player played most in the last 30 days (then
     * the most played overall); for a guest it is the same as `-betStatistic`.
     */
    async search(
      query: {
        query?: string | undefined;
        tags?: string[] | undefined;
        sort: '-betStatistic' | '-userStatistic';
        limit: number;
        offset: number;
        isMobile?: boolean | undefined;
      },
      userId?: number,
    ) {
      const played =
        query.sort === '-userStatistic' && userId !== undefined
          ? await deps.ports.roundCounts(new Date(deps.clock.now() - STATISTIC_WINDOW_MS), userId)
          : [];
      const found = await snapshot.search(
        {
          ...(query.query ? { query: query.query } : {}),
          ...(query.tags ? { tags: query.tags } : {}),
          ...(query.isMobile === undefined ? {} : { isMobile: query.isMobile }),
          ...(played.length > 0
            ? { playedFirst: Object.fromEntries(played.map((p) => [`${p.provider}/${p.code}`, p.rounds])) }
            : {}),
        },
        { limit: query.limit, offset: query.offset },
      );
      const tags = [...new Set(found.items.flatMap((game) => game.tags))].slice(0, 8);
      return { ...found, tags: await snapshot.tagLocales(tags) };
    },

    favorites: async (userId: number, isMobile: boolean) => ({
      game_ids: await repository.favorites(userId, isMobile),
    }),
    async addFavorites(userId: number, ids: number[], isMobile: boolean) {
      await repository.addFavorites(userId, ids, isMobile, new Date(deps.clock.now()));
      return this.favorites(userId, isMobile);
    },
    async removeFavorites(userId: number, ids: number[], isMobile: boolean) {
      await repository.removeFavorites(userId, ids, isMobile);
      return this.favorites(userId, isMobile);
    },

    /** The demo lobby, after the provider registry has its games (`register`). */
    async loadDemo(register: (games: DemoRegistryGame[]) => Promise<void>) {
      // Loaded once: later starts skip generating and offering 2,000 rows again.
      if (await repository.hasDemo()) return;
      const generated = generatedGames();
      await register(generated.registry);
      const byBets = [...generated.catalog].sort((a, b) => b.betStatistic - a.betStatistic);
      await repository.ensureDemo({
        developers: DEMO_STUDIOS,
        types: DEMO_TYPES,
        tags: DEMO_TAGS.map(([tag, name]) => ({ tag, locale: 'ru', name })),
        games: [
          ...KOMETA_GAMES,
          ...generated.catalog.map((game) =>
            byBets.indexOf(game) < 45 ? { ...game, types: [...game.types, 'popular'] } : game,
          ),
        ],
        sets: [
          { set: 'home-page-promo', slugs: KOMETA_GAMES.map((game) => game.slug) },
          { set: 'pregame-popup-popular', slugs: byBets.slice(0, 8).map((game) => game.slug) },
          {
            set: 'pregame-popup-bonus',
            slugs: generated.catalog
              .filter((game) => game.tags.includes('bonus-buy'))
              .slice(0, 8)
              .map((g) => g.slug),
          },
        ],
        at: new Date(deps.clock.now()),
      });
      snapshot.invalidate();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
