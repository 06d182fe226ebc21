import { createHash } from 'node:crypto';
import type { CurrencyCode } from '@kometa/money';
import type { CatalogGame, TabSort } from '@kometa/contracts';
import { BIG_WIN_MULTIPLIER, RATINGS_LIMIT } from '@kometa/contracts';
import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { GameLauncher, TopPlayersQuery } from '../seamless/index.ts';
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
  topPlayers(query: TopPlayersQuery): Promise<{ userId: number; amount: number; rounds: number }[]>;
  /** Fake and tester players, never in public figures. */
  hiddenPlayers(): Promise<number[]>;
  /** The player's real and bonus money in a currency, in minor units. */
  balances(userId: number, currency: CurrencyCode): Promise<{ real: number; bonus: number }>;
  recentGames(userId: number, limit: number): Promise<{ provider: string; code: string }[]>;
  recentWins(currency: string, limit: number): Promise<Win[]>;
  /** The latest rounds won (paid out more than staked), hidden players left out; `round` keys each. */
  recentNetWins(query: {
    currency: string;
    limit: number;
    hidden: number[];
  }): Promise<(Win & { stake: number; round: string })[]>;
  publicPlayers(ids: number[]): Promise<Map<number, { name: string; isPublic: boolean }>>;
  roundCounts(since: Date, userId?: number): Promise<{ provider: string; code: string; rounds: number }[]>;
  /** The player's free bet on a game, offered by the pre-game popup (the gifts; ADR 031). */
  freeBet?(
    userId: number,
    game: { provider: string; code: string },
    currency: CurrencyCode,
  ): Promise<{ giftId: number; amount: number; currency: CurrencyCode } | null>;
}

/** Rounds count towards a game's bet statistic for this long. */
export const STATISTIC_WINDOW_MS = 30 * 24 * 3_600_000;

/** How stale the in-memory search may get on an instance that did not make a change itself. */
const SNAPSHOT_MAX_AGE_MS = 30_000;

/** The channel on which an instance tells the others the lobby changed. */
export const LOBBY_CHANGED = 'catalog:lobby-changed';

/** Rankings are aggregates over every round: computed once a minute, shared by every instance. */
const RANKINGS_TTL_MS = 60_000;

const gameRef = (game: CatalogGame) => ({
  id: game.id,
  slug: game.slug,
  title: game.title,
  image: game.image,
});

/** Titles and studio names from А to Я (Russian collation; numbers by value). */
const byTitle = new Intl.Collator('ru', { numeric: true });

const keyed = (games: CatalogGame[]) => Object.fromEntries(games.map((game) => [String(game.id), game]));

/** A frame's lobby and cashier paths, and the site address they go back to (else SITE_ORIGIN). */
type LaunchLinks = { backUrl?: string | undefined; cashUrl?: string | undefined; siteOrigin?: string };

/** The lobby's reads and the player's favourites (issue 6). */
export function createCatalogService(deps: {
  repository: CatalogRepository;
  clock: Clock;
  cache: Cache;
  ports: CatalogPorts;
  siteOrigin: string;
  timezone: string;
  /** Empties the API's guest cache (an operator changed what guests see; ADR 037). */
  flushGuestCache?: (() => Promise<void>) | undefined;
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
  function withLinks(address: string, links: LaunchLinks) {
    const url = new URL(address);
    const origin = (links.siteOrigin ?? deps.siteOrigin).replace(/\/+$/, '');
    if (links.backUrl) url.searchParams.set('backUrl', `${origin}${links.backUrl}`);
    if (links.cashUrl) url.searchParams.set('cashUrl', `${origin}${links.cashUrl}`);
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

    /**
     * The lobby's live feed (ADR 050): the latest rounds players won, each with a masked name, its game
     * and studio, the stake and the multiple; fake and tester players never appear.
     */
    async winFeed(currency: string, limit: number) {
      const wins = await deps.ports.recentNetWins({
        currency,
        limit: limit * 2,
        hidden: await deps.ports.hiddenPlayers(),
      });
      const players = await deps.ports.publicPlayers([...new Set(wins.map((win) => win.userId))]);
      const games = await repository.byKeys(wins);
      return wins
        .flatMap((win) => {
          const player = players.get(win.userId);
          const game = games.get(`${win.provider}/${win.code}`);
          if (!player?.isPublic || !game) return [];
          const multiplier = Math.floor((win.amount * 100) / Math.max(1, win.stake)) / 100;
          return [
            {
              id: createHash('sha256').update(win.round).digest('base64url').slice(0, 16),
              user: { name: player.name },
              game: {
                ...gameRef(game),
                developer: { canonical: game.developer.canonical, name: game.developer.name },
              },
              amount: win.amount,
              stake: win.stake,
              multiplier,
              isBig: multiplier >= BIG_WIN_MULTIPLIER,
              currency: win.currency as CurrencyCode,
              at: Math.floor(win.at.getTime() / 1000),
            },
          ];
        })
        .slice(0, limit);
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
      links: LaunchLinks,
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
    async promo(auth: Authenticated | undefined, slug: string, links: LaunchLinks, language: string) {
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
     * game while the player has bonus money only, unless an active free-bet gift on the game exists:
     * then the popup offers it (ADR 031).
     */
    async pregame(auth: Authenticated, slug: string) {
      const game = await repository.bySlug(slug);
      if (!game) throw new AppError('NOT_FOUND');
      const currency = auth.user.currency as CurrencyCode;
      const balance = await deps.ports.balances(auth.user.id, currency);
      const registry = deps.ports.freeBet ? await repository.registryOf(game.id) : undefined;
      const freeBetOffer =
        registry && deps.ports.freeBet ? await deps.ports.freeBet(auth.user.id, registry, currency) : null;
      const freeBet = freeBetOffer !== null;
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
        freeBetOffer,
      };
    },

    /**
     * A lobby tab's games in the order asked (the first 50 by default), keyed by id, of one studio
     * when asked, with how many match and the tab's studios with their game counts (ADR 019).
     */
    async typeGames(
      slug: string,
      query: { limit: number; offset: number; sort: TabSort; developer?: string | undefined },
      isMobile?: boolean,
    ) {
      const entries = await repository.tabEntries(slug, isMobile);
      if (!entries) throw new AppError('NOT_FOUND');
      const counted = new Map<string, { canonical: string; name: string; gamesCount: number }>();
      for (const { developer } of entries) {
        const studio = counted.get(developer.canonical);
        if (studio) studio.gamesCount += 1;
        else counted.set(developer.canonical, { ...developer, gamesCount: 1 });
      }
      const studios = [...counted.values()].sort((a, b) => byTitle.compare(a.name, b.name));
      const chosen = query.developer
        ? entries.filter((entry) => entry.developer.canonical === query.developer)
        : entries;
      // Sorts are stable: games that tie keep the tab's own order.
      const ordered =
        query.sort === 'title'
          ? [...chosen].sort((a, b) => byTitle.compare(a.title, b.title))
          : query.sort === 'new'
            ? [...chosen].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
            : chosen;
      const ids = ordered.slice(query.offset, query.offset + query.limit).map((entry) => entry.id);
      const items = ids.length > 0 ? await repository.byIds(ids, isMobile) : [];
      const shown = new Set(items.map((game) => game.id));
      return {
        slug,
        sort: ids.filter((id) => shown.has(id)).map((id) => ({ game_id: id })),
        activeGames: chosen.length,
        games: keyed(items),
        studios,
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

    /** An operator's cover of a shown game, if it has one (ADR 037). */
    uploadedCover: (slug: string) => repository.uploadedImage(slug),

    /** Forgets this instance's search snapshot (another instance changed the lobby). */
    forgetSnapshot: () => snapshot.invalidate(),

    /**
     * After an operator's change to what the lobby shows (ADR 037): this instance's search snapshot
     * and the guest cache are emptied at once, and the other instances are told to drop theirs.
     */
    async lobbyChanged(): Promise<void> {
      snapshot.invalidate();
      await deps.flushGuestCache?.();
      await deps.cache.publish(LOBBY_CHANGED, '1');
    },

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
