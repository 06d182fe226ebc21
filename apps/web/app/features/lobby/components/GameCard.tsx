import { Link } from 'react-router';
import type { CatalogGame } from '@kometa/contracts';

/** A game in a lobby grid: its cover (sized, so nothing shifts as it loads), title and studio. */
export function GameCard({ game, eager = false }: { game: CatalogGame; eager?: boolean }) {
  return (
    <li className="game-card">
      <Link to={`/game/${game.developer.canonical}/${game.slug}`} className="game-card-link">
        <img
          src={game.image}
          alt=""
          width={240}
          height={180}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="game-card-image"
        />
        <span className="game-card-title">{game.title}</span>
        <span className="game-card-studio">{game.developer.name}</span>
      </Link>
    </li>
  );
}
