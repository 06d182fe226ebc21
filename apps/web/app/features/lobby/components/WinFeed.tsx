import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { WinFeedItem } from '@kometa/contracts';
import { formatAmount, formatNumber } from '@kometa/money';
import { Trophy } from 'lucide-react';
import { ru } from '../../../i18n/ru.ts';
import { winFeedQueryOptions } from '../api/win-feed.ts';
import { GameCover } from './GameCover.tsx';

/**
 * The lobby's live feed of wins (ADR 050): the latest rounds players won, newest first, polled while
 * the page is open; a win that arrives slides in once (not with reduced motion), a big one glows.
 * The server's answer comes with the page, so the strip is there before any script runs.
 */
export function WinFeed({ initial }: { initial: WinFeedItem[] | null }) {
  const { data, isError } = useQuery({
    ...winFeedQueryOptions(),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (!data) return;
    const ids = data.map((item) => item.id);
    if (seen.current) {
      const known = seen.current;
      setFresh(new Set(ids.filter((id) => !known.has(id))));
    }
    seen.current = new Set(ids);
  }, [data]);
  const items = data ?? [];
  return (
    <section className="win-feed" aria-labelledby="win-feed-title" data-testid="win-feed">
      <div className="win-feed-head">
        <h2 id="win-feed-title">
          <Trophy aria-hidden="true" className="win-feed-icon" />
          {ru.lobby.feed.title}
        </h2>
        <span className="win-feed-live">
          <span className="win-feed-dot" aria-hidden="true" />
          {ru.lobby.feed.live}
        </span>
      </div>
      {items.length === 0 ? (
        <p className="win-feed-empty">{isError ? ru.lobby.feed.error : ru.lobby.feed.empty}</p>
      ) : (
        <ol className="win-feed-list" aria-live="polite">
          {items.map((item) => (
            <li
              key={item.id}
              className={`win-feed-item${item.isBig ? ' is-big' : ''}${fresh.has(item.id) ? ' is-new' : ''}`}
              data-testid="win-feed-item"
            >
              <Link to={`/game/${item.game.developer.canonical}/${item.game.slug}`} className="win-feed-link">
                <GameCover
                  src={item.game.image}
                  width={64}
                  height={48}
                  sizes="64px"
                  className="win-feed-cover"
                />
                <span className="win-feed-text">
                  <span className="win-feed-player">{item.user.name}</span>
                  <span className="win-feed-game">{item.game.title}</span>
                </span>
                <span className="win-feed-sum">
                  <strong className="win-feed-amount">{formatAmount(item.amount, item.currency)}</strong>
                  <span className="win-feed-multiplier" title={item.isBig ? ru.lobby.feed.bigWin : undefined}>
                    {ru.lobby.feed.multiplier(formatNumber(item.multiplier, 2))}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
