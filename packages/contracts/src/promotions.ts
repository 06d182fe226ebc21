import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';

/** Operator-written promotions (spec §2.1 /actions/list; issue 17 item 8; ADR 032). */

/**
 * What a promotion's button does: `gifts` and `game` open a page of the site (`path`), `deposit` the
 * deposit page, `claim` gives the player the promotion's gift offer through the reward port.
 */
export const PROMOTION_ACTIONS = ['gifts', 'claim', 'deposit', 'game'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/** `live` within its period; `soon` before it starts (shown with its start date, the button still leads on). */
export const PROMOTION_STATUSES = ['live', 'soon'] as const;

export const PromotionMessage = {
  notClaimable: 'errors.promotion.not_claimable',
  alreadyClaimed: 'errors.promotion.already_claimed',
} as const;

const unix = z.number().int();

/** A promotion card of the list. */
export const promotionCard = z.object({
  slug: z.string(),
  title: z.string(),
  /** One or two sentences under the title. */
  summary: z.string(),
  /** The art (an SVG under /media/promotions/…). */
  image: z.string(),
  /** A short label on the art ("Новым игрокам", "Скоро"), or null. */
  badge: z.string().nullable(),
  status: z.enum(PROMOTION_STATUSES),
  startsAt: unix.nullable(),
  /** The last moment of the promotion ("до 31.12.2026"); null: without end. */
  endsAt: unix.nullable(),
  action: z.object({
    kind: z.enum(PROMOTION_ACTIONS),
    label: z.string(),
    /** The site path the button opens (gifts, deposit, game); null for `claim`. */
    path: z.string().nullable(),
  }),
});
export type PromotionCard = z.infer<typeof promotionCard>;

/** A promotion with its full text: paragraphs (plain text, never HTML) and numbered terms. */
export const promotion = promotionCard.extend({
  body: z.array(z.string()),
  terms: z.array(z.string()),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionParams = z.strictObject({
  slug: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/),
});
export const promotionListResponse = dataEnvelope(z.array(promotionCard));
export const promotionResponse = dataEnvelope(promotion);
/** POST /promotions/{slug}/claim: the gift given (to take on /gifts after reading its terms). */
export const promotionClaimResponse = z.object({
  success: z.literal(true),
  data: z.object({ giftId: z.number().int() }),
});
