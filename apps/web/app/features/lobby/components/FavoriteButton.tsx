import { useQuery } from '@tanstack/react-query';
import { ru } from '../../../i18n/ru.ts';
import { useSite } from '../../../lib/site-context.ts';
import { favoritesQueryOptions, useToggleFavorite } from '../api/favorites.ts';

/** The star of a game for a signed-in player: adds it to or removes it from the favourites. */
export function FavoriteButton({ gameId, title }: { gameId: number; title: string }) {
  const site = useSite();
  const isMobile = site?.isMobile ?? false;
  const { data: ids } = useQuery({ ...favoritesQueryOptions(isMobile), enabled: Boolean(site?.user) });
  const toggle = useToggleFavorite(isMobile);
  if (!site?.user) return null;
  const favorite = ids?.includes(gameId) ?? false;
  return (
    <button
      type="button"
      className="button button-ghost favorite-button"
      aria-pressed={favorite}
      aria-label={`${ru.lobby.favorite}: ${title}`}
      disabled={ids === undefined}
      onClick={() => toggle.mutate({ gameId, favorite: !favorite })}
    >
      <span aria-hidden="true">{favorite ? '★' : '☆'}</span>
      <span className="favorite-label">{favorite ? ru.lobby.inFavorites : ru.lobby.toFavorites}</span>
    </button>
  );
}
