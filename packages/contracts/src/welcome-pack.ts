import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { currencyCode } from './enums.ts';
import { GIFT_KINDS, giftRules, userGift } from './gifts.ts';

/**
 * The welcome pack (spec §1, §4 welcome pack modal; issue 17, ADR 034): the welcome offers of the
 * player's currency, one per deposit, given one step at a time.
 *
 * A step's status: `later` — not offered yet (the previous step's deposit bonus was not applied yet);
 * `pending` — being given now; `granted` — the gift is the player's (`gift`); `refused` — not given
 * (one welcome per person, a self-exclusion or limit; `reason`); `none` — no offer for the step.
 */
export const WELCOME_STEP_STATUSES = ['later', 'pending', 'granted', 'refused', 'none'] as const;
export type WelcomeStepStatus = (typeof WELCOME_STEP_STATUSES)[number];

export const welcomePackStep = z.object({
  step: z.number().int().min(1),
  offerId: z.number().int(),
  kind: z.enum(GIFT_KINDS),
  title: z.string(),
  description: z.string(),
  terms: z.string(),
  images: z.array(z.object({ images: z.object({ image: z.string() }) })),
  currency: currencyCode,
  rules: giftRules,
  status: z.enum(WELCOME_STEP_STATUSES),
  /** Why the step was refused: a message key (errors.gift.welcome_taken, errors.gift.blocked…). */
  reason: z.string().nullable(),
  gift: userGift.nullable(),
});
export type WelcomePackStep = z.infer<typeof welcomePackStep>;

export const welcomePack = z.object({
  steps: z.array(welcomePackStep),
  /** The player has a succeeded deposit (the first-deposit banner is for those without one). */
  hasDeposited: z.boolean(),
});
export type WelcomePack = z.infer<typeof welcomePack>;
export const welcomePackResponse = dataEnvelope(welcomePack);

/**
 * POST /gifts/app (spec "app user gift", ADR 034): the site running as the installed app (PWA
 * standalone display, or a native wrapper) asks for the app gift once after a login. Answers the gift
 * given, or null when there is none for this player (no offer, given before, refused).
 */
export const appGiftBody = z.strictObject({ platform: z.enum(['pwa', 'android', 'ios']) });
export const appGiftResponse = dataEnvelope(userGift.nullable());
