/** How a hand's total is written for the player, as a croupier says it (ADR 049). */
export interface TotalWords {
  soft: string;
  bust: string;
  blackjack: string;
}

export interface ShownHand {
  cards: readonly number[];
  total: { total: number; soft: boolean };
  /** A hand of a split: its 21 in two cards is 21, not a blackjack. */
  split?: boolean;
}

/**
 * «Блэкджек» for a natural, «Перебор» over 21, «мягкие 19» while an ace still counts 11 (the player
 * may hit without busting), else the plain number («19»). A soft 21 is just 21: nothing to choose.
 */
export function totalText(hand: ShownHand, words: TotalWords): string {
  const { total, soft } = hand.total;
  if (total > 21) return words.bust;
  if (total === 21 && hand.cards.length === 2 && !hand.split) return words.blackjack;
  if (soft && total < 21) return words.soft.replace('{n}', String(total));
  return String(total);
}

/**
 * A hand's best total, as the game counts it (src/games/blackjack.ts `totalOf`, checked equal by
 * src/ui/blackjack-totals.test.ts): an ace counts 11 while that keeps the hand at 21 or under.
 */
export function totalOf(cards: readonly number[]): { total: number; soft: boolean } {
  const hard = cards.reduce((sum, card) => sum + Math.min((card % 13) + 1, 10), 0);
  const hasAce = cards.some((card) => card % 13 === 0);
  return hasAce && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}
