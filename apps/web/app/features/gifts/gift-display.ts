import type { GiftRules, GiftState, UserGift, UserWallet } from '@kometa/contracts';
import { formatAmount, formatDateTime, formatPercent, isCurrencyCode, parseSum } from '@kometa/money';
import { ru } from '../../i18n/ru.ts';
import { countOf } from '../../lib/format.ts';

/**
 * Wagering done, in whole per cent (0–100), rounded down so that 100 % shows only when the requirement
 * is met; nothing to wager is 0 %.
 */
export function wagerPercent(current: number, required: number): number {
  if (required <= 0) return 0;
  if (current >= required) return 100;
  return Math.max(0, Math.floor((current * 100) / required));
}

/** "35 %": the wagering percent as the header and the cards write it. */
export const wagerPercentText = (current: number, required: number) =>
  formatPercent(wagerPercent(current, required), 0);

/** What a deposit of `deposit` (minor units) would earn from a deposit bonus, as the server computes it. */
export interface DepositBonusEstimate {
  /** Bonus money, minor units; 0 below the minimum. */
  bonus: number;
  belowMinimum: boolean;
  /** The percent reached the bonus's cap. */
  capped: boolean;
}

/** A deposit bonus's percent of the deposit, up to its cap, nothing below its minimum (ADR 030). */
export function depositBonusEstimate(rules: GiftRules, deposit: number): DepositBonusEstimate {
  if (rules.percent === null || deposit <= 0) return { bonus: 0, belowMinimum: false, capped: false };
  if (rules.minDeposit !== null && deposit < rules.minDeposit) {
    return { bonus: 0, belowMinimum: true, capped: false };
  }
  const raw = Math.floor((deposit * rules.percent) / 100);
  const capped = rules.amount !== null && raw >= rules.amount;
  return { bonus: capped && rules.amount !== null ? rules.amount : raw, belowMinimum: false, capped };
}

/** A sum as typed in a form ("1 000", "99,50"), in minor units of `currency`; 0 when it is not one yet. */
export function typedSum(text: string, currency: string): number {
  if (!isCurrencyCode(currency) || text.trim() === '') return 0;
  try {
    return parseSum(text, currency);
  } catch {
    return 0;
  }
}

/** Real and bonus money of a wallet: `balance` is both, `netBalance` the real alone (spec §3 Wallet). */
export function walletParts(wallet: Pick<UserWallet, 'balance' | 'netBalance'>) {
  const real = Math.max(0, wallet.netBalance);
  return { real, bonus: Math.max(0, wallet.balance - real) };
}

/** What a gift gives, as its card's headline ("500,00 ₽", "100 %", "20 фриспинов") and the words under it. */
export function giftValue(gift: Pick<UserGift, 'kind' | 'rules' | 'currency' | 'bonusAmount'>): {
  headline: string;
  caption: string;
} {
  const { rules, currency } = gift;
  const amount = (sum: number | null) => formatAmount(sum ?? 0, currency);
  switch (gift.kind) {
    case 'bonus_money':
      return { headline: amount(gift.bonusAmount || rules.amount), caption: ru.gifts.toBonusAccount };
    case 'deposit_bonus':
      return {
        headline: formatPercent(rules.percent ?? 0, 0),
        caption: rules.amount === null ? ru.gifts.toDeposit : ru.gifts.toDepositUpTo(amount(rules.amount)),
      };
    case 'free_spins':
      return {
        headline: countOf(rules.freeSpins?.count ?? 0, ru.gifts.spins),
        caption: ru.gifts.spinValue(amount(rules.freeSpins?.spinValue ?? 0)),
      };
    case 'free_bet':
      return { headline: amount(rules.amount), caption: ru.gifts.freeBet };
    case 'cashback':
      return { headline: formatPercent(rules.cashbackPercent ?? 0, 0), caption: ru.gifts.cashback };
    case 'points':
      return { headline: countOf(rules.points ?? 0, ru.gifts.points), caption: ru.gifts.pointsCaption };
    case 'composite':
      return { headline: ru.gifts.kinds.composite, caption: ru.gifts.compositeCaption };
  }
}

/** The short facts of a gift's card: wagering, the largest bet, the smallest deposit. */
export function giftFacts(gift: Pick<UserGift, 'kind' | 'rules' | 'currency'>): string[] {
  const { rules, currency } = gift;
  const facts: string[] = [];
  // Points are paid as they are; the other kinds (cashback too, ADR 031) may carry a wagering requirement.
  const wagered = gift.kind !== 'points' && gift.kind !== 'composite';
  if (wagered) {
    facts.push(rules.wagerMultiplier > 0 ? ru.gifts.wager(rules.wagerMultiplier) : ru.gifts.noWager);
  }
  if (wagered && rules.wagerMultiplier > 0 && rules.maxBet !== null) {
    facts.push(ru.gifts.maxBet(formatAmount(rules.maxBet, currency)));
  }
  if (gift.kind === 'deposit_bonus' && rules.minDeposit !== null) {
    facts.push(ru.gifts.minDeposit(formatAmount(rules.minDeposit, currency)));
  }
  return facts;
}

/** «до 02.12.2026 12:00»: until when a gift may be taken or wagered; null without a deadline. */
export const deadlineText = (expiresAt: number | null) =>
  expiresAt === null ? null : ru.gifts.until(formatDateTime(expiresAt));

/** The state of a gift in Russian ("Отыгрывается", "Аннулирован при выводе"). */
export const stateText = (state: GiftState) => ru.gifts.states[state];

/** How a finished gift ended: money that became real, money that was lost (minor units, either may be 0). */
export function giftOutcome(gift: Pick<UserGift, 'converted' | 'forfeited' | 'currency'>) {
  return {
    converted: gift.converted > 0 ? formatAmount(gift.converted, gift.currency) : null,
    forfeited: gift.forfeited > 0 ? formatAmount(gift.forfeited, gift.currency) : null,
  };
}

/** What the player reads once a gift is taken, by the state it went to. */
export function takenMessage(gift: Pick<UserGift, 'state' | 'bonusAmount' | 'currency' | 'kind'>): string {
  if (gift.state === 'wagering')
    return ru.gifts.taken.wagering(formatAmount(gift.bonusAmount, gift.currency));
  if (gift.state === 'active') {
    return gift.kind === 'deposit_bonus' ? ru.gifts.taken.active : ru.gifts.taken.queued;
  }
  return ru.gifts.taken.done;
}
