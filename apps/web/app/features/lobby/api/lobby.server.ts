import type { CatalogGame } from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

export const GAMES_PAGE_SIZE = 20;
export const TAB_SORTED_LIMIT = 50;

export interface Developer {
  id: number;
  name: string;
  canonical: string;
  position: number;
  gamesCount: number;
}

export interface GameTab {
  id: number;
  slug: string;
  title: string;
  position: number;
}

const inOrder = (keyed: Record<string, CatalogGame> | undefined) =>
  Object.values(keyed ?? {}).sort((a, b) => a.position - b.position || a.id - b.id);

/** The lobby's reads as the server-side loaders make them (spec §7 games calls). */
export function lobbyApi(api: ApiClient) {
  return {
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
      const ids = await api.get<{ game_ids: number[] }>('/favorite-games', { isMobile });
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
    async tab(slug: string, count: number, isMobile: boolean) {
      const answer = await api.get<{
        sort: { game_id: number }[];
        activeGames: number;
        games: Record<string, CatalogGame>;
      }>(`/gameTypes/${encodeURIComponent(slug)}/games`, { limit: count, isMobile });
      if (answer.status === 404 || !answer.data) return null;
      const { sort, activeGames, games } = answer.data;
      return { activeGames, games: sort.flatMap(({ game_id }) => games[String(game_id)] ?? []) };
    },
    async set(set: 'home-page-promo' | 'pregame-popup-popular', isMobile: boolean): Promise<CatalogGame[]> {
      return (
        (await api.get<CatalogGame[]>(`/game-catalog/sets/${set}/games`, { limit: 12, isMobile })).data ?? []
      );
    },
  };
}
