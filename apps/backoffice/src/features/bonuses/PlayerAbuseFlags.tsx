import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AbuseFlagRow } from '@kometa/contracts';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { Badge } from '../../ui/feedback.tsx';
import { FlagAccount, FlagReason } from './abuse-flag-text.tsx';

const t = ru.bonuses.abuse;

/** The «Бонусы» tab's bonus-abuse flags: gifts refused to this player, or to another one because of them. */
export function PlayerAbuseFlags({ playerId }: { playerId: string }) {
  const loaded = useQuery({
    queryKey: ['player-abuse-flags', playerId],
    queryFn: () => api<{ items: AbuseFlagRow[] }>('GET', `/players/${playerId}/abuse-flags`),
  });
  const items = loaded.data?.items;
  const viewer = Number(playerId);
  return (
    <section className="card" aria-labelledby="player-abuse-flags" style={{ gridColumn: '1 / -1' }}>
      <div className="card-header">
        <h2 id="player-abuse-flags">{t.playerTitle}</h2>
        {items ? <span className="muted">{t.count(items.length)}</span> : null}
      </div>
      {!items ? (
        <div className="card-body">
          <div className="skeleton" />
        </div>
      ) : items.length === 0 ? (
        <div className="state">{t.none}</div>
      ) : (
        <div className="table-wrap">
          <table className="table table-cards">
            <caption className="visually-hidden">{t.playerTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{t.at}</th>
                <th scope="col">{t.reason}</th>
                <th scope="col">{t.matched}</th>
                <th scope="col">{t.refusedGift}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((flag) => (
                <tr key={flag.id} data-testid={`abuse-flag-${flag.id}`}>
                  <td data-label={t.at} className="nowrap">
                    {dateTime(flag.at)}
                  </td>
                  <td data-label={t.reason}>
                    <Badge tone="warning">{t.matches[flag.matchedOn]}</Badge>
                    <div>
                      <FlagReason flag={flag} viewer={viewer} />
                    </div>
                  </td>
                  <td data-label={t.matched}>
                    <FlagAccount account={viewer === flag.matched.id ? flag.player : flag.matched} />
                  </td>
                  <td data-label={t.refusedGift}>
                    <Link to={`/offers/${flag.offer.id}`}>{flag.offer.title}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
