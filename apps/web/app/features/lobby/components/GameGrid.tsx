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
