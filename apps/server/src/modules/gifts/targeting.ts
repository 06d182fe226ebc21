import type { OfferRow } from './gifts.repository.ts';

/** What targeting knows of a player (accounts); a level or country not known is outside any list of them. */
export interface TargetedPlayer {
  currency: string;
  labels: string[];
  level?: string | null;
  country?: string | null;
}

/**
 * Is the player inside the offer's target (ADR 033)? Every empty list means everyone; labels match
 * when the player carries any of them; a VIP-only offer asks for the `vip` label.
 */
export function isTargeted(offer: OfferRow, player: TargetedPlayer): boolean {
  const within = (list: string[] | undefined, value: string | null | undefined) =>
    !list || list.length === 0 || (value !== null && value !== undefined && list.includes(value));
  if (offer.vipOnly && !player.labels.includes('vip')) return false;
  if (offer.targetLabels.length > 0 && !offer.targetLabels.some((label) => player.labels.includes(label)))
    return false;
  return (
    within(offer.targetCurrencies, player.currency) &&
    within(offer.targetLevels, player.level) &&
    within(offer.targetCountries, player.country)
  );
}
