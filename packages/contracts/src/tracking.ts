import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { successResult } from './common.ts';

export const trackResponse = dataEnvelope(z.object({ track_id: z.string() }));

/** Webhook event types the client sends (spec §7). */
export const WEBHOOK_EVENT_TYPES = [
  'login_request',
  'tokenlogin',
  'inbox_clicked',
  'page_open',
  'install_pwa_success',
  'download',
  'popup_accepted',
] as const;
export const webhookParams = z.strictObject({ eventType: z.enum(WEBHOOK_EVENT_TYPES) });

const scalar = z.union([z.string().max(2048), z.number(), z.boolean(), z.null()]);

/**
 * The event's own fields are free-form but bounded (at most 40 scalar fields); the client's standard
 * fields are typed.
 */
export const webhookBody = z
  .object({
    guest_id: z.string().max(128).optional(),
    last_ref_code: z.string().max(128).nullable().optional(),
    ref_code: z.string().max(128).nullable().optional(),
    window_size: z.string().max(32).optional(),
  })
  .catchall(scalar)
  .refine((body) => Object.keys(body).length <= 40, { message: 'errors.too_many' });
export type WebhookBody = z.infer<typeof webhookBody>;
export const webhookResponse = dataEnvelope(successResult);

const text = (max: number) => z.string().max(max).optional();

/** POST /hits: a page hit, sent as a form to the tracking domain. */
export const hitBody = z.strictObject({
  popup: text(128),
  userId: z
    .string()
    .regex(/^\d{0,19}$/)
    .optional(),
  trackDomain: text(253),
  type: text(64),
  referer: text(2048),
  url: z.string().min(1).max(2048),
  utmTags: text(2048),
  refCode: text(128),
  lastRefCode: text(128),
  pwa: z.enum(['0', '1', 'true', 'false']).optional(),
  landing: text(256),
  old_guest_id: text(128),
});
export type HitBody = z.infer<typeof hitBody>;
export const hitResponse = dataEnvelope(successResult);
