import type { OfferAdminRow, OfferState } from '@kometa/contracts';
import { dateTime } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';
import { Badge } from '../../ui/feedback.tsx';

const STATE_TONES = {
  active: 'success',
  scheduled: 'primary',
  ended: 'plain',
  inactive: 'warning',
} as const satisfies Record<OfferState, string>;

export function OfferStateBadge({ state }: { state: OfferState }) {
  return <Badge tone={STATE_TONES[state]}>{ru.bonuses.states[state]}</Badge>;
}

/** "25.11.2026 14:05 — 31.12.2026 23:59", or "Без ограничений". */
export const scheduleText = (offer: Pick<OfferAdminRow, 'startsAt' | 'endsAt'>) =>
  !offer.startsAt && !offer.endsAt
    ? ru.bonuses.always
    : `${offer.startsAt ? dateTime(offer.startsAt) : '…'} — ${offer.endsAt ? dateTime(offer.endsAt) : '…'}`;

/** The schedule on two short lines ("с …", "по …"). */
export function Schedule({ offer }: { offer: Pick<OfferAdminRow, 'startsAt' | 'endsAt'> }) {
  if (!offer.startsAt && !offer.endsAt) return <span className="muted">{ru.bonuses.always}</span>;
  return (
    <>
      {offer.startsAt ? <div>с {dateTime(offer.startsAt)}</div> : null}
      {offer.endsAt ? <div>по {dateTime(offer.endsAt)}</div> : null}
    </>
  );
}

/** `datetime-local` helpers, shared with the content screens (lib/format.ts). */
export { toIso, toLocal } from '../../lib/format.ts';
