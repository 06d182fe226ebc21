import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { PROMOTION_ACTIONS } from '../promotions.ts';
import { isoDateTime } from './lists.ts';

/**
 * Promotions in the back office (issue 17 item 8, ADR 032, ADR 040): the operator writes the texts
 * and picks the art and the button; the site's /actions/list shows them in the operator's order.
 */
export const PromotionAdminMessage = {
  badSlug: 'errors.promotion_admin.bad_slug',
  slugTaken: 'errors.promotion_admin.slug_taken',
  titleRequired: 'errors.promotion_admin.title_required',
  summaryRequired: 'errors.promotion_admin.summary_required',
  labelRequired: 'errors.promotion_admin.label_required',
  badImage: 'errors.promotion_admin.bad_image',
  badPath: 'errors.promotion_admin.bad_path',
  pathRequired: 'errors.promotion_admin.path_required',
  offerRequired: 'errors.promotion_admin.offer_required',
  offerNotFound: 'errors.promotion_admin.offer_not_found',
  endsBeforeStart: 'errors.promotion_admin.ends_before_start',
  badPosition: 'errors.promotion_admin.bad_position',
  tooLong: 'errors.promotion_admin.too_long',
} as const;
const M = PromotionAdminMessage;

/** Where a promotion stands: shown now, shown as coming, over, or switched off. */
export const PROMOTION_ADMIN_STATES = ['live', 'soon', 'ended', 'inactive'] as const;

export const promotionAdminRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  terms: z.string(),
  image: z.string(),
  badge: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  action: z.enum(PROMOTION_ACTIONS),
  actionLabel: z.string(),
  actionPath: z.string().nullable(),
  offerId: z.number().int().nullable(),
  claimEvery: z.enum(['once', 'week']),
  position: z.number().int(),
  active: z.boolean(),
  state: z.enum(PROMOTION_ADMIN_STATES),
});
export type PromotionAdminRow = z.infer<typeof promotionAdminRow>;

const text = (max: number, required?: string) =>
  required ? z.string().trim().min(1, required).max(max, M.tooLong) : z.string().trim().max(max, M.tooLong);

export const promotionInput = z
  .strictObject({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,64}$/, M.badSlug),
    title: text(120, M.titleRequired),
    summary: text(300, M.summaryRequired),
    /** Paragraphs, one per line (plain text, never HTML). */
    body: text(10_000).default(''),
    /** Numbered terms, one per line. */
    terms: text(20_000).default(''),
    image: z
      .string()
      .trim()
      .max(500, M.badImage)
      .regex(/^(https:\/\/|\/)[^\s"'<>]*$/, M.badImage),
    badge: text(40).nullable().default(null),
    startsAt: isoDateTime.nullable(),
    endsAt: isoDateTime.nullable(),
    action: z.enum(PROMOTION_ACTIONS),
    actionLabel: text(40, M.labelRequired),
    actionPath: z
      .string()
      .trim()
      .max(300, M.badPath)
      .regex(/^\/[^/\s]*[^\s]*$/, M.badPath)
      .nullable()
      .default(null),
    offerId: z.number().int().positive().nullable().default(null),
    claimEvery: z.enum(['once', 'week']).default('once'),
    position: z
      .number({ error: M.badPosition })
      .int(M.badPosition)
      .min(0, M.badPosition)
      .max(10_000, M.badPosition),
    active: z.boolean(),
  })
  .superRefine((input, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (input.action === 'claim' && input.offerId === null) issue('offerId', M.offerRequired);
    if ((input.action === 'gifts' || input.action === 'game') && !input.actionPath)
      issue('actionPath', M.pathRequired);
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt))
      issue('endsAt', M.endsBeforeStart);
  });
export type PromotionInput = z.infer<typeof promotionInput>;

export const promotionIdParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const promotionAdminListResponse = dataEnvelope(z.array(promotionAdminRow));
export const promotionAdminResponse = dataEnvelope(promotionAdminRow);
