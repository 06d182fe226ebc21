import type { CurrencyCode } from '@kometa/money';
import type { CatalogGame } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { GameLauncher } from '../seamless/index.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import {
  DEMO_STUDIOS,
  DEMO_TAGS,
  DEMO_TYPES,
  KOMETA_GAMES,
  generatedGames,
  type DemoRegistryGame,
} from './demo-catalog.ts';

/** What the catalogue asks the seamless wallet (bound in app.ts). */
export interface CatalogPorts {
  launch: GameLauncher;
  recentGames(userId: number, limit: number): Promise<{ provider: string; code: string }[]>;
  recentWins(
    currency: string,
    limit: number,
  ): Promise<
    { userId: number; provider: string; code: string; amount: number; currency: string; at: Date }[]
  >;
  publicPlayers(ids: number[]): Promise<Map<number, { name: string; isPublic: boolean }>>;
  roundCounts(since: Date, userId?: number): Promise<{ provider: string; code: string; rounds: number }[]>;
}

/** Rounds count towards a game's bet statistic for this long. */
export const STATISTIC_WINDOW_MS = 30 * 24 * 3_600_000;

const keyed = (games: CatalogGame[]) => Object.fromEntries(games.map((game) => [String(game.id), game]));

/** The lobby's reads and the player's favourites (issue 6). */
export function createCatalogService(deps: {
  repository: CatalogRepository;
  clock: Clock;
  ports: CatalogPorts;
  siteOrigin: string;
}) {
  const { repository } = deps;
  return {
    setGames: (set: string, page: { limit: number; offset: number }, isMobile?: boolean) =>
      repository.setGames(set, page, isMobile),

    /**
     * The latest wins in a currency (spec §4 winners), each with a display name that reveals no
     * contact; fake and tester players never appear.
     */
    async winners(currency: string, limit: number) {
      const wins = await deps.ports.recentWins(currency, limit * 4);
      const players = await deps.ports.publicPlayers([...new Set(wins.map((win) => win.userId))]);
      const games = await repository.byKeys(wins);
      return wins
        .flatMap((win) => {
          const player = players.get(win.userId);
          const game = games.get(`${win.provider}/${win.code}`);
          if (!player?.isPublic || !game) return [];
          return [
            {
              user: { name: player.name },
              game: { id: game.id, slug: game.slug, title: game.title, image: game.image },
              amount: win.amount,
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
      links: { backUrl?: string | undefined; cashUrl?: string | undefined },
      language: string,
    ) {
      const game = await repository.registryOf(id);
      if (!game) throw new AppError('NOT_FOUND');
      const launched = await deps.ports.launch(auth, { ...game, mode }, language);
      const url = new URL(launched.url);
      if (links.backUrl) url.searchParams.set('backUrl', `${deps.siteOrigin}${links.backUrl}`);
      if (links.cashUrl) url.searchParams.set('cashUrl', `${deps.siteOrigin}${links.cashUrl}`);
      return {
        url: url.toString(),
        launchType: 'iframe' as const,
        launchOptions: null,
        status: 'ok' as const,
        expiresAt: launched.expiresAt,
      };
    },

    /** A page of the lobby in order, or the games of `ids`, keyed by id (spec §7). */
    async games(query: {
      limit: number;
      offset: number;
      ids?: number[] | undefined;
      isMobile?: boolean | undefined;
    }) {
      return keyed(
        query.ids
          ? await repository.byIds(query.ids, query.isMobile)
          : await repository.page({ limit: query.limit, offset: query.offset }, query.isMobile),
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
      return repository.refreshStatistics(
        await deps.ports.roundCounts(new Date(deps.clock.now() - STATISTIC_WINDOW_MS)),
      );
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
      const found = await repository.search(
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
      return { ...found, tags: await repository.tagLocales(tags) };
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
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
