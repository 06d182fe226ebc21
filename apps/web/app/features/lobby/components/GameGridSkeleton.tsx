import { ru } from '../../../i18n/ru.ts';

/** Placeholder cards of the grid's exact size while a lobby tab loads (no shift when it arrives). */
export function GameGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="game-grid" aria-busy="true" aria-label={ru.shell.loading}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="game-card skeleton-card" aria-hidden="true">
          <span className="skeleton skeleton-image" />
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line skeleton-short" />
        </li>
      ))}
    </ul>
  );
}
