import type { RewardsService } from '../rewards/index.ts';
import type { NewOffer } from '../gifts/index.ts';

/** What promotions need from other modules (wired in composition.ts). */
export interface PromotionsPorts {
  /** The reward port: a claimable promotion gives its gift offer through it. */
  rewards: Pick<RewardsService, 'grant'>;
  /** The gifts: the demo makes the offer its claimable promotion gives. */
  createOffer(offer: NewOffer): Promise<number>;
  /** Whether a gift offer exists (a claimable promotion's, checked when the operator saves it). */
  offerExists(id: number): Promise<boolean>;
}
