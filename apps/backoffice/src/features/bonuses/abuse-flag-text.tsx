import { Link } from 'react-router';
import type { AbuseFlagRow } from '@kometa/contracts';
import { ru } from '../../i18n/ru.ts';

const t = ru.bonuses.abuse;

/** An account of a flag: its number, linked to its card, and its e-mail (or that it is gone). */
export function FlagAccount({ account }: { account: AbuseFlagRow['player'] }) {
  return (
    <div className="wide-cell">
      <Link to={`/players/${account.id}?tab=bonuses`}>#{account.id}</Link>
      <div className="muted">{account.email ?? t.deleted}</div>
    </div>
  );
}

/**
 * What matched, explained: «Тот же телефон, что у игрока #123», with that player linked. Seen from the
 * account that kept the gift (`viewer` is it), it says who was refused because of it.
 */
export function FlagReason({ flag, viewer }: { flag: AbuseFlagRow; viewer?: number }) {
  const other = viewer === flag.matched.id ? flag.player.id : flag.matched.id;
  const text =
    viewer === flag.matched.id ? t.refusedOther(flag.matchedOn, other) : t.explain(flag.matchedOn, other);
  const marker = `#${other}`;
  const at = text.indexOf(marker);
  return (
    <span data-testid={`abuse-reason-${flag.id}`}>
      {at < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, at)}
          <Link to={`/players/${other}?tab=bonuses`}>{marker}</Link>
          {text.slice(at + marker.length)}
        </>
      )}
    </span>
  );
}
