import { Link } from 'react-router';
import type { CatalogGame } from '@kometa/contracts';
import { GameCover } from './GameCover.tsx';

/** A game in a lobby grid: its cover (sized, so nothing shifts as it loads), title and studio. */
export function GameCard({ game, eager = false }: { game: CatalogGame; eager?: boolean }) {
  return (
    <li className="game-card">
      <Link to={`/game/${game.developer.canonical}/${game.slug}`} className="game-card-link">
        <GameCover
          src={game.image}
          width={240}
          height={180}
          sizes="(max-width: 544px) 45vw, 240px"
          eager={eager}
          className="game-card-image"
        />
        <span className="game-card-title">{game.title}</span>
        <span className="game-card-studio">{game.developer.name}</span>
      </Link>
    </li>
  );
}
