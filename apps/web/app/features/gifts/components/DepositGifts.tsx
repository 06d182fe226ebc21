import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserGift } from '@kometa/contracts';
import { formatAmount, formatPercent } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { depositBonusEstimate, typedSum } from '../gift-display.ts';
import { GiftArt } from './GiftArt.tsx';
import { CancelGiftDialog, TakeGiftDialog } from './GiftDialogs.tsx';

/** The spec's local key of the deposit gift the player chose (§3 stored local keys). */
export const DEPOSIT_GIFT_KEY = 'currentDepositGiftId';

const NONE = 'none';

function readChosen(): string | null {
  try {
    return window.localStorage.getItem(DEPOSIT_GIFT_KEY);
  } catch {
    return null;
  }
}

function writeChosen(id: string): void {
  try {
    if (id === NONE) window.localStorage.removeItem(DEPOSIT_GIFT_KEY);
    else window.localStorage.setItem(DEPOSIT_GIFT_KEY, id);
  } catch {
    // Storage refused (private mode): the choice lives as long as the page.
  }
}

/**
 * The deposit's chosen gift: the deposit bonus already taken (the next deposit gets it, whatever is
 * chosen here) or «Без бонуса»; remembered under `currentDepositGiftId`.
 */
export function useDepositGift(gifts: UserGift[]) {
  const waiting = gifts.find((gift) => gift.state === 'active') ?? null;
  const [chosen, setChosen] = useState<string>(waiting ? String(waiting.id) : NONE);
  useEffect(() => {
    const remembered = readChosen();
    const active = gifts.filter((gift) => gift.state === 'active').map((gift) => String(gift.id));
    if (remembered && active.includes(remembered)) setChosen(remembered);
    else if (active[0]) setChosen(active[0]);
  }, [gifts]);
  const choose = useCallback((id: string) => {
    setChosen(id);
    writeChosen(id);
  }, []);
  return {
    chosen,
    choose,
    chosenGift: gifts.find((gift) => String(gift.id) === chosen) ?? null,
  };
}

/** «+ 500,00 ₽ бонуса» for the sum typed, or why the deposit gets none (below the bonus's minimum). */
export function DepositBonusEstimate({
  gift,
  amount,
  currency,
}: {
  gift: UserGift | null;
  amount: string;
  currency: string;
}) {
  if (!gift || gift.state !== 'active') return null;
  const estimate = depositBonusEstimate(gift.rules, typedSum(amount, currency));
  const sum = (value: number) => formatAmount(value, currency);
  if (estimate.belowMinimum && gift.rules.minDeposit !== null) {
    return (
      <p className="deposit-estimate deposit-estimate-low" role="status" data-testid="deposit-estimate">
        {ru.gifts.depositBelowMinimum(sum(gift.rules.minDeposit))}
      </p>
    );
  }
  if (estimate.bonus === 0) return null;
  return (
    <p className="deposit-estimate" role="status" data-testid="deposit-estimate">
      <strong>{ru.gifts.depositEstimate(sum(estimate.bonus))}</strong>
      {estimate.capped && gift.rules.amount !== null && (
        <span> · {ru.gifts.depositCapped(sum(gift.rules.amount))}</span>
      )}
    </p>
  );
}

/**
 * The deposit's gift step (spec §2.1 /payment-deposit), above the deposit's form: «Без бонуса» or
 * each deposit bonus offered or taken. Choosing an offered one shows its terms and takes it; giving
 * up a taken one asks first. `chosen`/`onChoose` come from `useDepositGift`.
 */
export function DepositGiftChoice({
  gifts,
  chosen,
  onChoose,
  realBalance,
  preselect = null,
}: {
  gifts: UserGift[];
  chosen: string;
  onChoose: (id: string) => void;
  realBalance: number;
  /** The gift the player came for (`?gift=` from the welcome pack): its terms open to take it. */
  preselect?: number | null;
}) {
  const [taking, setTaking] = useState<UserGift | null>(null);
  const [cancelling, setCancelling] = useState<UserGift | null>(null);
  const preselected = useRef<number | null>(null);
  useEffect(() => {
    if (preselect === null || preselected.current === preselect) return;
    const gift = gifts.find((g) => g.id === preselect);
    if (!gift) return;
    preselected.current = preselect;
    if (gift.state === 'available') setTaking(gift);
    else onChoose(String(gift.id));
  }, [preselect, gifts, onChoose]);
  const onTaken = useCallback(
    (gift: UserGift) => {
      setTaking(null);
      onChoose(String(gift.id));
    },
    [onChoose],
  );
  const onCancelled = useCallback(() => {
    setCancelling(null);
    onChoose(NONE);
  }, [onChoose]);
  if (gifts.length === 0) return null;
  const waiting = gifts.find((gift) => gift.state === 'active') ?? null;
  const pick = (gift: UserGift) => {
    if (gift.state === 'available') setTaking(gift);
    else onChoose(String(gift.id));
  };
  return (
    <section className="deposit-gifts" aria-labelledby="deposit-gifts-title" data-testid="deposit-gifts">
      <h2 id="deposit-gifts-title">{ru.gifts.depositTitle}</h2>
      <div className="deposit-gift-list" role="radiogroup" aria-labelledby="deposit-gifts-title">
        <button
          type="button"
          role="radio"
          aria-checked={chosen === NONE}
          className="deposit-gift deposit-gift-none"
          onClick={() => onChoose(NONE)}
        >
          <span className="deposit-gift-art" aria-hidden="true">
            <svg width="40" height="40" viewBox="0 0 40 40">
              <circle cx="20" cy="20" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
              <path d="M10 30 30 10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
            </svg>
          </span>
          <span className="deposit-gift-text">
            <strong>{ru.gifts.depositNone}</strong>
            <small>{ru.gifts.depositNoneText}</small>
          </span>
        </button>
        {gifts.map((gift) => {
          const { rules, currency } = gift;
          const sum = (value: number) => formatAmount(value, currency);
          return (
            <button
              key={gift.id}
              type="button"
              role="radio"
              aria-checked={chosen === String(gift.id)}
              className={`deposit-gift gift-tone-${gift.kind}`}
              onClick={() => pick(gift)}
              data-testid="deposit-gift"
            >
              <span className="deposit-gift-art">
                <GiftArt kind={gift.kind} size={52} />
              </span>
              <span className="deposit-gift-text">
                <strong className="deposit-gift-percent">{formatPercent(rules.percent ?? 0, 0)}</strong>
                <span>
                  {rules.amount === null ? ru.gifts.toDeposit : ru.gifts.toDepositUpTo(sum(rules.amount))}
                </span>
                <small>
                  {[
                    rules.minDeposit !== null ? ru.gifts.minDeposit(sum(rules.minDeposit)) : null,
                    rules.wagerMultiplier > 0 ? ru.gifts.wager(rules.wagerMultiplier) : ru.gifts.noWager,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </small>
              </span>
              {gift.state === 'active' ? (
                <span className="gift-chip gift-chip-active">{ru.gifts.depositActive}</span>
              ) : (
                <span className="gift-chip gift-chip-take">{ru.gifts.take}</span>
              )}
            </button>
          );
        })}
      </div>
      {waiting && chosen === NONE && (
        <div className="deposit-gift-warning" role="status">
          <p>{ru.gifts.depositActiveApplies(waiting.title)}</p>
          <button type="button" className="button button-link-danger" onClick={() => setCancelling(waiting)}>
            {ru.gifts.cancel}
          </button>
        </div>
      )}
      {taking && <TakeGiftDialog gift={taking} onClose={() => setTaking(null)} onTaken={onTaken} />}
      {cancelling && (
        <CancelGiftDialog
          gift={cancelling}
          bonusBalance={0}
          realBalance={realBalance}
          onClose={() => setCancelling(null)}
          onCancelled={onCancelled}
        />
      )}
    </section>
  );
}
