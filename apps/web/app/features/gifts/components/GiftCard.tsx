import { Link } from 'react-router';
import type { CompositeGift, UserGift } from '@kometa/contracts';
import { formatAmount, formatDateTime, pluralRu } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { countOf } from '../../../lib/format.ts';
import { deadlineText, giftFacts, giftOutcome, giftValue, stateText } from '../gift-display.ts';
import { GiftArt } from './GiftArt.tsx';
import { WagerProgress } from './WagerProgress.tsx';

const ClockIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <g fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </g>
  </svg>
);

/** What a card of a gift not taken, running, or finished shows below its value. */
function StateDetails({ gift, bonusBalance }: { gift: UserGift; bonusBalance: number }) {
  const sum = (value: number) => formatAmount(value, gift.currency);
  if (gift.state === 'wagering') {
    return (
      <div className="gift-card-running">
        <p className="gift-card-balance">
          <span>{ru.gifts.bonusBalance}</span>
          <strong data-testid="gift-bonus-balance">{sum(bonusBalance)}</strong>
        </p>
        <WagerProgress current={gift.currentWager} required={gift.requiredWager} currency={gift.currency} />
        {gift.requiredWager > gift.currentWager && (
          <p className="gift-card-hint">{ru.gifts.wagerLeft(sum(gift.requiredWager - gift.currentWager))}</p>
        )}
      </div>
    );
  }
  if (gift.state === 'active') {
    let text: string = ru.gifts.waitingQueue;
    if (gift.kind === 'deposit_bonus') {
      text =
        gift.rules.minDeposit === null
          ? ru.gifts.waitingAnyDeposit
          : ru.gifts.waitingDeposit(sum(gift.rules.minDeposit));
    } else if (gift.kind === 'free_spins') {
      text = ru.gifts.spinsLeft(countOf(gift.spinsLeft, ru.gifts.spins));
    }
    return <p className="gift-card-waiting">{text}</p>;
  }
  if (gift.state === 'available') {
    return gift.description ? <p className="gift-card-description">{gift.description}</p> : null;
  }
  const outcome = giftOutcome(gift);
  return (
    <dl className="gift-card-outcome">
      {outcome.converted && (
        <div className="gift-outcome-won">
          <dt>{ru.gifts.converted}</dt>
          <dd>{outcome.converted}</dd>
        </div>
      )}
      {outcome.forfeited && (
        <div className="gift-outcome-lost">
          <dt>{ru.gifts.forfeited}</dt>
          <dd>{outcome.forfeited}</dd>
        </div>
      )}
      {gift.finishedAt !== null && (
        <div>
          <dt>{ru.gifts.finished}</dt>
          <dd>{formatDateTime(gift.finishedAt)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * One gift as a card: the drawn kind, the title, what it gives, its wagering and deadline, and what the
 * player can do with it now (take it, play, deposit, give it up), or how it ended.
 */
export function GiftCard({
  gift,
  bonusBalance = 0,
  onTake,
  onCancel,
  composite,
}: {
  gift: UserGift;
  /** A composite gift's choice (its card says "2 из 4" instead of the kind). */
  composite?: CompositeGift | undefined;
  /** The wallet's bonus money in the gift's currency (shown while it wagers). */
  bonusBalance?: number;
  onTake?: (gift: UserGift) => void;
  onCancel?: (gift: UserGift) => void;
}) {
  const value = composite
    ? {
        headline: ru.composite.headline(composite.choose, composite.items.length),
        caption: ru.composite.caption(pluralRu(composite.choose, ru.composite.gifts)),
      }
    : giftValue(gift);
  const facts = giftFacts(gift);
  const finished = !['available', 'active', 'wagering'].includes(gift.state);
  const deadline = finished ? null : deadlineText(gift.expiresAt);
  return (
    <article
      className={`gift-card gift-tone-${gift.kind} gift-state-${gift.state}`}
      data-testid="gift-card"
      aria-labelledby={`gift-${gift.id}-title`}
    >
      <div className="gift-card-art">
        <GiftArt kind={gift.kind} size={104} />
        <span className="gift-chip gift-chip-kind">{ru.gifts.kinds[gift.kind]}</span>
        {gift.state !== 'available' && (
          <span className={`gift-chip gift-chip-state gift-chip-${gift.state}`}>{stateText(gift.state)}</span>
        )}
      </div>
      <div className="gift-card-body">
        <h3 className="gift-card-title" id={`gift-${gift.id}-title`}>
          {gift.title}
        </h3>
        <p className="gift-card-value">
          <strong>{value.headline}</strong> <span>{value.caption}</span>
        </p>
        {(facts.length > 0 || deadline) && (
          <ul className="gift-card-facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
            {deadline && (
              <li className="gift-card-deadline">
                <ClockIcon />
                {deadline}
              </li>
            )}
          </ul>
        )}
        <StateDetails gift={gift} bonusBalance={bonusBalance} />
        {gift.state === 'available' && onTake && (
          <button type="button" className="button button-accent button-wide" onClick={() => onTake(gift)}>
            {gift.kind === 'composite' ? ru.composite.choose : ru.gifts.take}
          </button>
        )}
        {(gift.state === 'wagering' || gift.state === 'active') && (
          <div className="gift-card-actions">
            {gift.kind === 'deposit_bonus' && gift.state === 'active' ? (
              <Link className="button button-accent" to="/payment/deposit">
                {ru.gifts.deposit}
              </Link>
            ) : (
              <Link className="button button-primary" to="/games">
                {ru.gifts.play}
              </Link>
            )}
            {onCancel && (
              <button type="button" className="button button-link-danger" onClick={() => onCancel(gift)}>
                {ru.gifts.cancel}
              </button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
