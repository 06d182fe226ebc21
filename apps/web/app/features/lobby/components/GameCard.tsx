import { Link } from 'react-router';
import type { CatalogGame } from '@kometa/contracts';
import { ShieldCheck } from 'lucide-react';
import { ru } from '../../../i18n/ru.ts';
import { GameCover } from './GameCover.tsx';

/**
 * A game in a lobby grid: its cover (sized, so nothing shifts as it loads), title and studio, and a
 * badge on games that need a verified account for real money.
 */
export function GameCard({ game, eager = false }: { game: CatalogGame; eager?: boolean }) {
  return (
    <li className="game-card">
      <Link to={`/game/${game.developer.canonical}/${game.slug}`} className="game-card-link">
        {game.verifiedOnly && (
          // Real money in this game waits for the documents check (issue 20): said before the click.
          <span className="game-card-badge" title={ru.lobby.verifiedBadgeHint} data-testid="verified-only">
            <ShieldCheck aria-hidden="true" />
            {ru.lobby.verifiedBadge}
          </span>
        )}
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
