import type { UserGift } from '@kometa/contracts';
import { WAGER_GAME_TYPES } from '@kometa/contracts/gift-kinds';
import { formatAmount, formatDateTime, formatPercent } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { countOf } from '../../../lib/format.ts';
import { giftValue } from '../gift-display.ts';
import { GiftArt } from './GiftArt.tsx';

/**
 * A gift's terms in full, as the player reads them before taking it (PRODUCT.md: terms shown in full
 * before a bonus is taken): what it gives, the wagering and its deadline, the largest bet, the cap on
 * what converts, the stake order, each game type's contribution, excluded games, and the operator's text.
 */
export function GiftTerms({ gift }: { gift: UserGift }) {
  const { rules, currency } = gift;
  const sum = (value: number) => formatAmount(value, currency);
  const value = giftValue(gift);
  // Cashback is credited with its offer's wagering (0: real money; ADR 031).
  const hasWager = rules.wagerMultiplier > 0 && gift.kind !== 'points';
  const wagerSum =
    gift.kind === 'bonus_money' && rules.amount !== null ? rules.amount * rules.wagerMultiplier : null;
  return (
    <div className="gift-terms" data-testid="gift-terms">
      <div className={`gift-terms-hero gift-tone-${gift.kind}`}>
        <GiftArt kind={gift.kind} size={88} />
        <div>
          <p className="gift-terms-kind">{ru.gifts.kinds[gift.kind]}</p>
          <p className="gift-terms-value">{value.headline}</p>
          <p className="gift-terms-caption">{value.caption}</p>
        </div>
      </div>
      <dl className="gift-terms-facts">
        {gift.kind === 'deposit_bonus' && rules.minDeposit !== null && (
          <div>
            <dt>{ru.gifts.termsMinDeposit}</dt>
            <dd>{sum(rules.minDeposit)}</dd>
          </div>
        )}
        <div>
          <dt>{ru.gifts.termsWager}</dt>
          <dd>
            {!hasWager
              ? ru.gifts.noWager
              : wagerSum !== null
                ? ru.gifts.termsWagerSum(rules.wagerMultiplier, sum(wagerSum))
                : ru.gifts.termsWagerValue(rules.wagerMultiplier)}
          </dd>
        </div>
        {hasWager && (
          <>
            <div>
              <dt>{ru.gifts.termsWagerDays}</dt>
              <dd>{ru.gifts.termsWagerDaysValue(countOf(rules.wagerDays, ru.gifts.days))}</dd>
            </div>
            <div>
              <dt>{ru.gifts.termsMaxBet}</dt>
              <dd>{rules.maxBet === null ? ru.gifts.noLimit : sum(rules.maxBet)}</dd>
            </div>
            <div>
              <dt>{ru.gifts.termsCap}</dt>
              <dd>
                {rules.conversionCap === null
                  ? ru.gifts.noLimit
                  : ru.gifts.termsCapValue(sum(rules.conversionCap))}
              </dd>
            </div>
          </>
        )}
        {gift.state === 'available' && gift.expiresAt !== null && (
          <div>
            <dt>{ru.gifts.termsTakeUntil}</dt>
            <dd>{formatDateTime(gift.expiresAt)}</dd>
          </div>
        )}
      </dl>
      {hasWager && (
        <>
          <section className="gift-terms-section" aria-labelledby={`order-${gift.id}`}>
            <h3 id={`order-${gift.id}`}>{ru.gifts.termsOrderTitle}</h3>
            <p className="gift-terms-order">{ru.gifts.termsOrder}</p>
          </section>
          <section className="gift-terms-section" aria-labelledby={`contrib-${gift.id}`}>
            <h3 id={`contrib-${gift.id}`}>{ru.gifts.termsContributions}</h3>
            <ul className="gift-contributions" aria-labelledby={`contrib-${gift.id}`}>
              {WAGER_GAME_TYPES.map((type) => {
                const share = rules.contributions[type] ?? 0;
                return (
                  <li key={type}>
                    <span>{ru.gifts.gameTypes[type]}</span>
                    <span className="gift-contribution-bar" aria-hidden="true">
                      <span style={{ width: `${share}%` }} />
                    </span>
                    <strong>{formatPercent(share, 0)}</strong>
                  </li>
                );
              })}
            </ul>
            {rules.excludedGames.length > 0 && (
              <p className="gift-terms-note">
                {ru.gifts.termsExcluded(countOf(rules.excludedGames.length, ru.gifts.excludedGames))}:{' '}
                {rules.excludedGames.join(', ')}
              </p>
            )}
          </section>
        </>
      )}
      {gift.terms.trim() !== '' && (
        <section className="gift-terms-section" aria-labelledby={`full-${gift.id}`}>
          <h3 id={`full-${gift.id}`}>{ru.gifts.termsFull}</h3>
          <ol className="gift-terms-text">
            {gift.terms
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line, index) => (
                <li key={index}>{line}</li>
              ))}
          </ol>
        </section>
      )}
      <p className="gift-terms-note gift-terms-legal">
        {ru.gifts.bonusTermsBefore}
        <a href="/bonus-terms" target="_blank" rel="noopener">
          {ru.gifts.bonusTermsLink}
        </a>
      </p>
    </div>
  );
}
