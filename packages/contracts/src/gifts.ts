import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { currencyCode } from './enums.ts';
import { queryWith } from './common.ts';
import { WAGER_GAME_TYPES, type WagerGameType } from './gift-kinds.ts';

/** Bonuses and gifts (spec §1, §2.1 /gifts, §3 gift, §5 promo codes, §7 /gifts/*; issue 17, ADR 030). */
export const GIFT_KINDS = [
  'bonus_money',
  'deposit_bonus',
  'free_spins',
  'free_bet',
  'cashback',
  'points',
  'composite',
] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];

/** available → active → wagering → one of the terminal states (ADR 030). */
export const GIFT_STATES = [
  'available',
  'active',
  'wagering',
  'completed',
  'depleted',
  'expired',
  'cancelled',
  'forfeited',
] as const;
export type GiftState = (typeof GIFT_STATES)[number];
export const FINISHED_GIFT_STATES: readonly GiftState[] = [
  'completed',
  'depleted',
  'expired',
  'cancelled',
  'forfeited',
];

export { WAGER_GAME_TYPES, type WagerGameType };

/** The `gift_wager_config` setting: default contribution per game type, in per cent (0–100). */
export const giftWagerConfig = z.object({
  contributions: z.partialRecord(z.enum(WAGER_GAME_TYPES), z.number().int().min(0).max(100)),
});
export type GiftWagerConfig = z.infer<typeof giftWagerConfig>;

/** Message keys of gift and promo-code outcomes (spec §5, §8), translated by the site. */
export const GiftMessage = {
  promoInvalid: 'errors.promo.invalid',
  promoAlreadyUsed: 'errors.promo.already_used',
  promoGiftHeld: 'errors.promo.gift_held',
  promoTooManyAttempts: 'errors.promo.too_many_attempts',
  promoFullyUsed: 'errors.promo.fully_used',
  promoExpired: 'errors.promo.expired',
  promoNotYet: 'errors.promo.not_yet',
  promoVipOnly: 'errors.promo.vip_only',
  notAvailable: 'errors.gift.not_available',
  notCancellable: 'errors.gift.not_cancellable',
  welcomeTaken: 'errors.gift.welcome_taken',
  blocked: 'errors.gift.blocked',
  maxBet: 'errors.gift.max_bet',
  excludedGame: 'errors.gift.excluded_game',
  compositeChoice: 'errors.gift.composite_choice',
  compositeUsed: 'errors.gift.composite_used',
  depositTooSmall: 'errors.gift.deposit_too_small',
  withdrawalForfeits: 'errors.gift.withdrawal_forfeits',
  notTargeted: 'errors.gift.not_targeted',
  phoneRequired: 'errors.gift.phone_required',
} as const;

const unix = z.number().int();
const minor = z.number().int();

/** The rules a gift carries (its own copy: an offer edited later never changes a gift given). */
export const giftRules = z.object({
  /** Bonus money granted (bonus_money, free_bet) or the cap of a deposit bonus; minor units. */
  amount: minor.nullable(),
  /** Deposit bonus: per cent of the deposit. */
  percent: z.number().int().min(1).max(1000).nullable(),
  /** Deposit bonus: the smallest deposit it applies to; minor units. */
  minDeposit: minor.nullable(),
  /** Wagering requirement as a multiple of the bonus (0: none). */
  wagerMultiplier: z.number().int().min(0).max(200),
  /** The largest stake while wagering; minor units; null: no limit. */
  maxBet: minor.nullable(),
  /** The most bonus money that converts to real money; the rest is forfeited. Null: no cap. */
  conversionCap: minor.nullable(),
  /** Days to wager once credited. */
  wagerDays: z.number().int().min(1).max(365),
  /** Per cent of a stake that counts, per game type (a gift carries every type, filled at giving). */
  contributions: z.partialRecord(z.enum(WAGER_GAME_TYPES), z.number().int().min(0).max(100)),
  /** Games (provider:code) where bonus money may not be staked. */
  excludedGames: z.array(z.string()),
  freeSpins: z
    .object({ count: z.number().int().min(1), spinValue: minor, games: z.array(z.string()) })
    .nullable(),
  /** Free bet: the games (provider:code) its one bet may be placed on; absent or empty: any (ADR 031). */
  freeBetGames: z.array(z.string()).optional(),
  /** Cashback: per cent of net loss. */
  cashbackPercent: z.number().int().min(1).max(100).nullable(),
  /** Cashback: the period its net loss is summed over (Moscow days, weeks from Monday); default weekly (ADR 031). */
  cashbackPeriod: z.enum(['daily', 'weekly']).optional(),
  /** Cashback: the most paid for one period; minor units; absent or null: no cap (ADR 040). */
  cashbackCap: minor.nullable().optional(),
  /** Cashback: the game types whose play counts; absent or empty: every game (ADR 040). */
  cashbackGameTypes: z.array(z.enum(WAGER_GAME_TYPES)).optional(),
  points: z.number().int().min(1).nullable(),
});
export type GiftRules = z.infer<typeof giftRules>;

/** A gift as its player sees it (spec §3 gift; images[0].images.image is the popup image). */
export const userGift = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  kind: z.enum(GIFT_KINDS),
  state: z.enum(GIFT_STATES),
  title: z.string(),
  description: z.string(),
  /** The full terms, shown before the gift is taken. */
  terms: z.string(),
  images: z.array(z.object({ images: z.object({ image: z.string() }) })),
  currency: currencyCode,
  rules: giftRules,
  /** Bonus money credited (after activation); minor units. */
  bonusAmount: minor,
  /** Wagering: required and done so far; minor units. */
  requiredWager: minor,
  currentWager: minor,
  /** Free spins left to play. */
  spinsLeft: z.number().int(),
  /** Until when it may be taken (available) or wagered (wagering); null: no deadline. */
  expiresAt: unix.nullable(),
  createdAt: unix,
  activatedAt: unix.nullable(),
  finishedAt: unix.nullable(),
  /** When finished: converted to real money and forfeited; minor units. */
  converted: minor,
  forfeited: minor,
  /** Among welcome-pack gifts: the deposit it belongs to (1st, 2nd, …). */
  welcomeStep: z.number().int().nullable(),
});
export type UserGift = z.infer<typeof userGift>;

export const giftIdParams = z.strictObject({ id: z.coerce.number().int().positive() });
/** The lists of GET /gifts/self?state=: to take, taken and running, finished. */
export const GIFT_LISTS = ['offered', 'current', 'history'] as const;
export type GiftList = (typeof GIFT_LISTS)[number];
export const giftsQuery = queryWith({ state: z.enum(GIFT_LISTS).optional() });
export const giftListResponse = dataEnvelope(z.array(userGift));
export const giftResponse = dataEnvelope(userGift);
/** POST /gifts/self/{id} and the other gift calls answer `success: true` (spec §7, §8). */
export const giftActionResponse = z.object({ success: z.literal(true), data: userGift });

/** POST /gifts/promo. */
export const promoCodeBody = z.strictObject({ code: z.string().trim().min(1).max(64) });

/** What a withdrawal would do to the bonus in wagering, computed by the code that will do it. */
export const withdrawalBonusPreview = z.object({
  currency: currencyCode,
  /** Real money: withdrawable, kept. */
  keep: minor,
  /** Bonus money forfeited by withdrawing now. */
  forfeit: minor,
  /** Wagering still to do to convert instead; minor units. */
  wagerLeft: minor,
  gift: userGift.nullable(),
});
export const withdrawalBonusPreviewResponse = dataEnvelope(withdrawalBonusPreview);
export type WithdrawalBonusPreview = z.infer<typeof withdrawalBonusPreview>;
export const giftCurrencyQuery = queryWith({ currency: currencyCode.optional() });

/** A composite gift: choose `choose` of its items (spec §7). */
export const compositeGift = z.object({
  /** The player's composite gift (a user gift id). */
  id: z.number().int(),
  image: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** The currency of its items' sums. */
  currency: currencyCode,
  choose: z.number().int().min(1),
  items: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(GIFT_KINDS),
      title: z.string(),
      description: z.string(),
      /** The item's art (an SVG or picture URL), or null. */
      image: z.string().nullable(),
      /** The item offer's full terms, copied into the gift chosen. */
      terms: z.string(),
      /** What the item gives (amount, spins, wagering), as its gift will carry it. */
      rules: giftRules,
    }),
  ),
  /** Item (offer) ids chosen; empty while the composite waits for a choice. */
  selectedItemIds: z.array(z.number().int()),
  expiresAt: unix.nullable(),
});
export type CompositeGift = z.infer<typeof compositeGift>;
export const compositeListResponse = dataEnvelope(z.array(compositeGift));
export const compositeSelectBody = z.strictObject({
  selected_gift_ids: z.array(z.number().int().positive()).min(1).max(20),
});
export const compositeSelectResponse = z.object({ success: z.literal(true), data: compositeGift });
