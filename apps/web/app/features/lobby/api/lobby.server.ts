import type { CatalogGame } from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

export const GAMES_PAGE_SIZE = 20;
export const TAB_SORTED_LIMIT = 50;

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
    /** The first `count` games of the lobby, in pages of 20 as the spec's client loads them. */
    async games(count: number, isMobile: boolean): Promise<CatalogGame[]> {
      const pages = await Promise.all(
        Array.from({ length: Math.ceil(count / GAMES_PAGE_SIZE) }, (_, page) =>
          api.get<Record<string, CatalogGame>>('/games', {
            limit: GAMES_PAGE_SIZE,
            offset: page * GAMES_PAGE_SIZE,
            isMobile,
          }),
        ),
      );
      return pages.flatMap((page) => inOrder(page.data));
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
