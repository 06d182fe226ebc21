import type { CurrencyCode } from '@kometa/money';
import type { RewardsService } from '../rewards/index.ts';
import type { ActivityModule } from '../activity/index.ts';
import type { RewardRefusal } from '../protection/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Ledger, WalletService } from '../wallet/index.ts';
import type { RealPlay } from './cashback.ts';

/** Another account sharing an identity with a player (normalised e-mail, phone, device, payment details). */
export interface Lookalike {
  userId: number;
  on: 'email' | 'phone' | 'device' | 'payment_details';
}

/** What the gifts need from other modules (wired in composition.ts). */
export interface GiftsPorts {
  ledger: Ledger;
  wallets: WalletService;
  settings: SettingsService;
  /** Player protection: why nothing of value may be given to the player now, or null. */
  refusal(userId: number): Promise<RewardRefusal | null>;
  /**
   * The player's currency, contacts, labels (VIP promo codes) and what targeting asks (country; the
   * loyalty level, null until a loyalty programme exists: ADR 040), from accounts.
   */
  player(userId: number): Promise<{
    currency: CurrencyCode;
    email: string | null;
    phone: string | null;
    labels: string[];
    country: string | null;
    level: string | null;
  } | null>;
  /** The player themself and every account sharing one of their identities (one welcome per person). */
  lookalikes(userId: number): Promise<Lookalike[]>;
  /** The activity stream: deposits apply deposit bonuses; registrations redeem their promo code. */
  activity: Pick<ActivityModule, 'subscribe'>;
  /** The reward port: gifts register how bonus rewards apply, and grant points through it. */
  rewards: RewardsService;
  /** The real-money part of a provider stake or win, read in the caller's transaction (cashback; the seamless wallet). */
  realPlay: RealPlay;
}
