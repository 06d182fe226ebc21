import type { CatalogGame } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
import { GameCard } from './GameCard.tsx';
import './lobby.css';

/** Games in a responsive grid; the first few load eagerly (what the visitor sees first). */
export function GameGrid({ games, label }: { games: CatalogGame[]; label: string }) {
  if (games.length === 0) return <p>{ru.lobby.empty}</p>;
  return (
    <ul className="game-grid" aria-label={label}>
      {games.map((game, index) => (
        <GameCard key={game.id} game={game} eager={index < 4} />
      ))}
    </ul>
  );
}

/** A titled shelf of games (the home page's promo, the recommendations): a heading, then the grid. */
export function GameSection({ id, title, games }: { id: string; title: string; games: CatalogGame[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <GameGrid games={games} label={title} />
    </section>
  );
}
