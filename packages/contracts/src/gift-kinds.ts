/** Gift constants the site's pages show (no schema library: the site's bundle imports them). */

/** Game types of `gift_wager_config` (per cent of a stake that counts toward wagering). */
export const WAGER_GAME_TYPES = ['slots', 'table', 'live', 'crash', 'other'] as const;
export type WagerGameType = (typeof WAGER_GAME_TYPES)[number];

/** The wagering game type of a game's registry category (as the bet function's `gift_game_type`). */
export function wagerGameTypeOf(category: string): WagerGameType {
  if (category === 'slots') return 'slots';
  if (['table', 'roulette', 'blackjack', 'cards'].includes(category)) return 'table';
  if (category === 'live') return 'live';
  if (category === 'crash' || category === 'instant') return 'crash';
  return 'other';
}
