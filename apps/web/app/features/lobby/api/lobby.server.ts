import {
  GAMES_PAGE_SIZE,
  type CatalogGame,
  type Developer,
  type FavoriteGames,
  type GameTab,
  type GameTypeGames,
  type TabSort,
  type WinFeedItem,
} from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The catalogue's page sizes, as the API pages them (the loaders ask in the same steps). */
export { GAMES_PAGE_SIZE, TAB_SORTED_LIMIT } from '@kometa/contracts';

/** How a tab is shown: its order, and one studio's games only when chosen (the address's query). */
export interface TabView {
  sort: TabSort;
  studio?: string | undefined;
}

const inOrder = (keyed: Record<string, CatalogGame> | undefined) =>
  Object.values(keyed ?? {}).sort((a, b) => a.position - b.position || a.id - b.id);

/** The lobby's reads as the server-side loaders make them (spec §7 games calls). */
export function lobbyApi(api: ApiClient) {
  return {
    /** The live feed's first answer, rendered with the page (null when the API cannot say). */
    async winFeed(): Promise<WinFeedItem[] | null> {
      const answer = await api.get<WinFeedItem[]>('/winners/feed', { currencyType: 'RUB' }).catch(() => null);
      return answer?.status === 200 ? (answer.data ?? null) : null;
    },
    async tabs(): Promise<GameTab[]> {
      return (await api.get<GameTab[]>('/gameTypes')).data ?? [];
    },
    /**
     * The first `count` games of the lobby (or of one developer), in pages of 20 as the spec's client
     * loads them.
     */
    async games(count: number, isMobile: boolean, developer?: string): Promise<CatalogGame[]> {
      const pages = await Promise.all(
        Array.from({ length: Math.ceil(count / GAMES_PAGE_SIZE) }, (_, page) =>
          api.get<Record<string, CatalogGame>>('/games', {
            limit: GAMES_PAGE_SIZE,
            offset: page * GAMES_PAGE_SIZE,
            isMobile,
            developer,
          }),
        ),
      );
      return pages.flatMap((page) => inOrder(page.data));
    },
    async developers(): Promise<Developer[]> {
      return (await api.get<Developer[]>('/developers')).data ?? [];
    },
    /**
     * The player's favourites of this device type (spec §4): ids, then the games, by bet statistic
     * (most played first), then developer.
     */
    async favorites(isMobile: boolean): Promise<CatalogGame[] | null> {
      const ids = await api.get<FavoriteGames>('/favorite-games', { isMobile });
      if (ids.status !== 200) return null;
      const wanted = ids.data?.game_ids ?? [];
      if (wanted.length === 0) return [];
      const games = await api.get<Record<string, CatalogGame>>('/games', {
        ids: wanted.slice(0, 100).join(','),
        limit: 100,
        isMobile,
      });
      return Object.values(games.data ?? {}).sort(
        (a, b) => b.betStatistic - a.betStatistic || a.developer.id - b.developer.id,
      );
    },
    async recommended(model: 'personal' | 'popular' | 'new', isMobile: boolean): Promise<CatalogGame[]> {
      const answer = await api.get<CatalogGame[]>('/games-recommendation/by-model', { model, isMobile });
      return answer.data ?? [];
    },
    async game(slug: string): Promise<CatalogGame | null> {
      return (await api.get<CatalogGame>(`/games/${encodeURIComponent(slug)}`)).data ?? null;
    },
    /** A tab's first `count` games in the order asked, of one studio when asked, with its studios. */
    async tab(slug: string, count: number, isMobile: boolean, view: TabView = { sort: 'popular' }) {
      const answer = await api.get<GameTypeGames>(`/gameTypes/${encodeURIComponent(slug)}/games`, {
        limit: count,
        isMobile,
        sort: view.sort,
        developer: view.studio,
      });
      if (answer.status === 404 || !answer.data) return null;
      const { sort, activeGames, games, studios } = answer.data;
      return { activeGames, studios, games: sort.flatMap(({ game_id }) => games[String(game_id)] ?? []) };
    },
    async set(set: 'home-page-promo' | 'pregame-popup-popular', isMobile: boolean): Promise<CatalogGame[]> {
      return (
        (await api.get<CatalogGame[]>(`/game-catalog/sets/${set}/games`, { limit: 12, isMobile })).data ?? []
      );
    },
  };
}
