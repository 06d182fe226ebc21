import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteGames } from '@kometa/contracts';
import { browserApi } from '../../../lib/api.browser.ts';

/** Favourites are kept per device type (spec §4 games list), so the key carries it. */
export const favoriteKeys = { of: (isMobile: boolean) => ['favorites', isMobile] as const };

export const favoritesQueryOptions = (isMobile: boolean) =>
  queryOptions({
    queryKey: favoriteKeys.of(isMobile),
    queryFn: async () => {
      const answer = await browserApi().get<FavoriteGames>('/favorite-games', { isMobile });
      return answer.data?.game_ids ?? [];
    },
  });

/**
 * Adds or removes a game: the star changes at once, and goes back if the API refuses; a failed
 * call is tried once more (spec §8: favourite removal is retried once).
 */
export function useToggleFavorite(isMobile: boolean) {
  const queryClient = useQueryClient();
  const key = favoriteKeys.of(isMobile);
  return useMutation({
    retry: 1,
    mutationFn: async ({ gameId, favorite }: { gameId: number; favorite: boolean }) => {
      const answer = await browserApi().request<FavoriteGames>(
        favorite ? 'POST' : 'DELETE',
        '/favorite-games',
        {
          query: { isMobile },
          body: { game_ids: [gameId] },
        },
      );
      if (answer.status !== 200) throw new Error(answer.error?.message ?? 'favorite refused');
      return answer.data?.game_ids ?? [];
    },
    onMutate: async ({ gameId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<number[]>(key);
      queryClient.setQueryData<number[]>(key, (ids = []) =>
        favorite ? [...new Set([...ids, gameId])] : ids.filter((id) => id !== gameId),
      );
      return { before };
    },
    onError: (_error, _vars, saved) => queryClient.setQueryData(key, saved?.before),
    onSuccess: (ids) => queryClient.setQueryData(key, ids),
  });
}
