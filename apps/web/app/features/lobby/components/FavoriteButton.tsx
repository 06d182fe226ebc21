import { useQuery } from '@tanstack/react-query';
import { ru } from '../../../i18n/ru.ts';
import { useSite } from '../../../lib/site-context.ts';
import { favoritesQueryOptions, useToggleFavorite } from '../api/favorites.ts';
import './favorite-button.css';

/** A five-pointed star, outlined, or filled in the accent's gold for a favourite (drawn, not a font's glyph). */
function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      className="favorite-star"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
        fill={filled ? 'var(--color-accent)' : 'none'}
        stroke={filled ? 'var(--color-accent)' : 'currentColor'}
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
      <StarIcon filled={favorite} />
      <span className="favorite-label">{favorite ? ru.lobby.inFavorites : ru.lobby.toFavorites}</span>
    </button>
  );
}
