import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { currencyCode } from '../enums.ts';
import { GIFT_KINDS, WAGER_GAME_TYPES, giftRules, userGift } from '../gifts.ts';
import { exportQuery, isoDateTime, listPageResponse, listQuery } from './lists.ts';
import { approvalRequest } from './schemas.ts';

/**
 * Bonuses in the back office (issue 17 item 10, ADR 033): offers with their rules, schedule and
 * targeting, promo codes, a player's gifts (grant by hand, cancel), and what each offer cost.
 */

const id = z.number().int();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const timestamp = z.string();
/** Minor units an operator types; never negative, at most a billion roubles. */
const minorInput = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(1_000_000_000_00, message);

/** Message keys of the bonus screens (Russian texts in messages.ru.ts). */
export const BonusAdminMessage = {
  amountRequired: 'errors.offer.amount_required',
  percentRequired: 'errors.offer.percent_required',
  freeSpinsRequired: 'errors.offer.free_spins_required',
  cashbackRequired: 'errors.offer.cashback_required',
  pointsRequired: 'errors.offer.points_required',
  badAmount: 'errors.offer.bad_amount',
  badPercent: 'errors.offer.bad_percent',
  badMultiplier: 'errors.offer.bad_multiplier',
  badDays: 'errors.offer.bad_days',
  badContribution: 'errors.offer.bad_contribution',
  badGame: 'errors.offer.bad_game',
  badCount: 'errors.offer.bad_count',
  endsBeforeStart: 'errors.offer.ends_before_start',
  titleRequired: 'errors.offer.title_required',
  termsRequired: 'errors.offer.terms_required',
  badImage: 'errors.offer.bad_image',
  badCountry: 'errors.offer.bad_country',
  offerNotFound: 'errors.offer.not_found',
  compositeReadOnly: 'errors.offer.composite_read_only',
  badCode: 'errors.promo_admin.bad_code',
  codeTaken: 'errors.promo_admin.code_taken',
  badCap: 'errors.promo_admin.bad_cap',
  reasonRequired: 'errors.bonus_admin.reason_required',
  grantRefused: 'errors.bonus_admin.grant_refused',
  giftNotFound: 'errors.bonus_admin.gift_not_found',
  keyReused: 'errors.bonus_admin.key_reused',
} as const;
const M = BonusAdminMessage;

/** The kinds an operator creates here (a composite is assembled from other offers, not in this form). */
export const OFFER_ADMIN_KINDS = GIFT_KINDS.filter((kind) => kind !== 'composite') as [
  Exclude<(typeof GIFT_KINDS)[number], 'composite'>,
  ...Exclude<(typeof GIFT_KINDS)[number], 'composite'>[],
];
/** Where an offer stands now: switched off, waiting for its start, running, or past its end. */
export const OFFER_STATES = ['active', 'scheduled', 'ended', 'inactive'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
/** Labels an offer may target (the accounts' labels). */
export const OFFER_TARGET_LABELS = ['vip', 'tester', 'fake', 'affiliate', 'high_roller'] as const;

/** Who may receive an offer; every empty list means everyone (ADR 033). */
export const offerTargeting = z.object({
  labels: z.array(z.string().trim().min(1).max(40)).max(20),
  levels: z.array(z.string().trim().min(1).max(40)).max(20),
  currencies: z.array(currencyCode).max(20),
  countries: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, M.badCountry),
    )
    .max(250),
});
export type OfferTargeting = z.infer<typeof offerTargeting>;

const percent = z.number({ error: M.badPercent }).int(M.badPercent).min(1, M.badPercent);
const gameRef = z
  .string()
  .trim()
  .min(3, M.badGame)
  .max(120, M.badGame)
  .regex(/^[\w.-]+:[\w.-]+$/, M.badGame);

/** The rules as the offer form sends them: the contract's `giftRules`, with Russian messages. */
export const offerRulesInput = z.strictObject({
  amount: minorInput(M.badAmount).nullable(),
  percent: percent.max(1000, M.badPercent).nullable(),
  minDeposit: minorInput(M.badAmount).nullable(),
  wagerMultiplier: z
    .number({ error: M.badMultiplier })
    .int(M.badMultiplier)
    .min(0, M.badMultiplier)
    .max(200, M.badMultiplier),
  maxBet: minorInput(M.badAmount).nullable(),
  conversionCap: minorInput(M.badAmount).nullable(),
  wagerDays: z.number({ error: M.badDays }).int(M.badDays).min(1, M.badDays).max(365, M.badDays),
  contributions: z.partialRecord(
    z.enum(WAGER_GAME_TYPES),
    z
      .number({ error: M.badContribution })
      .int(M.badContribution)
      .min(0, M.badContribution)
      .max(100, M.badContribution),
  ),
  excludedGames: z.array(gameRef).max(500),
  freeSpins: z
    .strictObject({
      count: z.number({ error: M.badCount }).int(M.badCount).min(1, M.badCount).max(10_000, M.badCount),
      spinValue: minorInput(M.badAmount),
      games: z.array(gameRef).min(1, M.badGame).max(100),
    })
    .nullable(),
  cashbackPercent: percent.max(100, M.badPercent).nullable(),
  /** Cashback's period, the most paid per period and the game types that count (ADR 031, 040). */
  cashbackPeriod: z.enum(['daily', 'weekly']).optional(),
  cashbackCap: minorInput(M.badAmount).nullable().optional(),
  cashbackGameTypes: z.array(z.enum(WAGER_GAME_TYPES)).max(WAGER_GAME_TYPES.length).optional(),
  points: z
    .number({ error: M.badCount })
    .int(M.badCount)
    .min(1, M.badCount)
    .max(100_000_000, M.badCount)
    .nullable(),
});

const imageRef = z
  .string()
  .trim()
  .max(500, M.badImage)
  .regex(/^(https:\/\/|\/)[^\s"'<>]*$/, M.badImage);

export const offerInput = z
  .strictObject({
    kind: z.enum(OFFER_ADMIN_KINDS),
    title: z.string().trim().min(1, M.titleRequired).max(120),
    description: z.string().trim().max(500).default(''),
    terms: z.string().trim().min(1, M.termsRequired).max(20_000),
    image: imageRef.nullable().default(null),
    currency: currencyCode,
    rules: offerRulesInput,
    /** Days a given gift waits to be taken; null: no deadline. */
    takeDays: z.number({ error: M.badDays }).int(M.badDays).min(1, M.badDays).max(365, M.badDays).nullable(),
    startsAt: isoDateTime.nullable(),
    endsAt: isoDateTime.nullable(),
    active: z.boolean(),
    targeting: offerTargeting,
  })
  .superRefine((offer, context) => {
    const need = (field: string, message: string) =>
      context.addIssue({ code: 'custom', path: ['rules', field], message });
    const { rules } = offer;
    if ((offer.kind === 'bonus_money' || offer.kind === 'free_bet') && !rules.amount)
      need('amount', M.amountRequired);
    if (offer.kind === 'deposit_bonus' && rules.percent === null) need('percent', M.percentRequired);
    if (offer.kind === 'free_spins' && rules.freeSpins === null) need('freeSpins', M.freeSpinsRequired);
    if (offer.kind === 'cashback' && rules.cashbackPercent === null)
      need('cashbackPercent', M.cashbackRequired);
    if (offer.kind === 'points' && rules.points === null) need('points', M.pointsRequired);
    if (offer.startsAt && offer.endsAt && Date.parse(offer.endsAt) <= Date.parse(offer.startsAt))
      context.addIssue({ code: 'custom', path: ['endsAt'], message: M.endsBeforeStart });
  });
export type OfferInput = z.infer<typeof offerInput>;

/** What an offer cost over a period, from the ledger's `bonus_cost` movements of its gifts (ADR 033). */
export const offerCost = z.object({
  /** Gifts given, taken by their players, and completed (wagered and converted) in the period. */
  given: z.number().int(),
  taken: z.number().int(),
  completed: z.number().int(),
  /** Bonus money credited (and paid straight to real money for offers without wagering); minor units. */
  credited: z.number().int(),
  /** Turned into real money (conversion, or paid straight to real money). */
  converted: z.number().int(),
  /** Returned to the house: forfeited, expired, cancelled, or above the conversion cap. */
  forfeited: z.number().int(),
  /** What left the house's bonus budget for good: credited − forfeited. */
  netCost: z.number().int(),
});
export type OfferCost = z.infer<typeof offerCost>;

export const offerAdminRow = z.object({
  id,
  kind: z.enum(GIFT_KINDS),
  state: z.enum(OFFER_STATES),
  title: z.string(),
  description: z.string(),
  terms: z.string(),
  image: z.string().nullable(),
  currency: z.string(),
  rules: giftRules,
  takeDays: z.number().int().nullable(),
  startsAt: timestamp.nullable(),
  endsAt: timestamp.nullable(),
  active: z.boolean(),
  welcomeStep: z.number().int().nullable(),
  targeting: offerTargeting,
  /** Promo codes that give this offer. */
  codes: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
  cost: offerCost,
});
export type OfferAdminRow = z.infer<typeof offerAdminRow>;

export const OFFER_SORTS = ['id', 'title', 'createdAt', 'startsAt', 'given', 'netCost'] as const;
const offerFilters = {
  query: z.string().trim().max(100).optional(),
  kind: z.enum(GIFT_KINDS).optional(),
  state: z.enum(OFFER_STATES).optional(),
  /** The period: offers whose schedule overlaps it, and their cost within it. */
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
};
export const offerListQuery = listQuery(OFFER_SORTS, offerFilters);
export const offerExportQuery = exportQuery(OFFER_SORTS, offerFilters);
export const offerListResponse = listPageResponse(offerAdminRow);
export const offerIdParams = z.strictObject({ id: idParam });
export const offerCostQuery = z.strictObject({ from: isoDateTime.optional(), to: isoDateTime.optional() });
export const offerResponse = dataEnvelope(offerAdminRow);

// --- Promo codes ------------------------------------------------------------------------------------

export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const promoCodeRow = z.object({
  code: z.string(),
  offerId: id,
  offerTitle: z.string(),
  currency: z.string(),
  cap: z.number().int().nullable(),
  used: z.number().int(),
  vipOnly: z.boolean(),
  startsAt: timestamp.nullable(),
  endsAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type PromoCodeRow = z.infer<typeof promoCodeRow>;
export const PROMO_CODE_SORTS = ['code', 'createdAt', 'used', 'endsAt'] as const;
export const promoCodeListQuery = listQuery(PROMO_CODE_SORTS, {
  query: z.string().trim().max(64).optional(),
  offerId: idParam.optional(),
});
export const promoCodeListResponse = listPageResponse(promoCodeRow);
export const createPromoCodeBody = z
  .strictObject({
    code: z.string().trim().toUpperCase().regex(PROMO_CODE_PATTERN, M.badCode),
    offerId: z.number({ error: M.offerNotFound }).int().positive(),
    cap: z.number({ error: M.badCap }).int(M.badCap).min(1, M.badCap).max(100_000_000, M.badCap).nullable(),
    vipOnly: z.boolean(),
    startsAt: isoDateTime.nullable(),
    endsAt: isoDateTime.nullable(),
  })
  .superRefine((code, context) => {
    if (code.startsAt && code.endsAt && Date.parse(code.endsAt) <= Date.parse(code.startsAt))
      context.addIssue({ code: 'custom', path: ['endsAt'], message: M.endsBeforeStart });
  });
export const promoCodeResponse = dataEnvelope(promoCodeRow);

// --- A player's bonuses ------------------------------------------------------------------------------------

/** A player's gift as the operator sees it: the player's view plus where it came from and why it ended. */
export const playerGiftRow = userGift.extend({
  source: z.string(),
  finishReason: z.string().nullable(),
});
export type PlayerGiftRow = z.infer<typeof playerGiftRow>;
export const playerGiftsResponse = dataEnvelope(
  z.object({
    items: z.array(playerGiftRow),
    /** Offers that may be granted by hand now (active, in their window). */
    offers: z.array(
      z.object({
        id,
        title: z.string(),
        kind: z.enum(GIFT_KINDS),
        currency: z.string(),
        value: z.number().int(),
      }),
    ),
    /** Grants whose value is above this (minor units) wait for a second operator. */
    grantThreshold: z.number().int(),
  }),
);
export const grantBonusBody = z.strictObject({
  offerId: z.number({ error: M.offerNotFound }).int().positive(),
  reason: z.string().trim().min(3, M.reasonRequired).max(500),
  /** Made once per form by the back office: a retried grant gives one gift. */
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{16,64}$/, 'errors.invalid'),
});
export const grantBonusResponse = dataEnvelope(
  z.object({
    status: z.enum(['applied', 'pending']),
    gift: playerGiftRow.nullable(),
    approval: approvalRequest.nullable(),
  }),
);
export const playerGiftParams = z.strictObject({ id: idParam, giftId: idParam });
export const cancelBonusBody = z.strictObject({
  reason: z.string().trim().min(3, M.reasonRequired).max(500),
});
export const cancelBonusResponse = dataEnvelope(playerGiftRow);
