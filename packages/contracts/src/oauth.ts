import { z } from 'zod';
import { dataEnvelope, type DataOf } from './envelope.ts';
import { commonQuery } from './common.ts';

/** The configured social-login providers are named by short ids ("google", "vkid", "yandex"). */
export const oauthProviderId = z.string().regex(/^[a-z0-9_-]{1,32}$/);

/**
 * POST /lookup/oauth query (spec §7: "query params"). Step one names the `provider` and gets the
 * provider's authorization address; step two hands over what the provider sent back to the site's
 * `/oauth/{provider}` page (`code` and `state`, or `error`).
 */
export const oauthLookupQuery = commonQuery.extend({
  provider: oauthProviderId.optional(),
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(2048).optional(),
  /** The issuer, when the provider names it in its answer (RFC 9207). */
  iss: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/**
 * POST /lookup/oauth body. With a two-factor lookup from step two, `token` is that lookup and
 * `twoFactorCode` the player's code (TOTP or a recovery code).
 */
export const oauthLookupBody = z
  .strictObject({
    token: z.string().min(1).max(512).optional(),
    twoFactorCode: z.string().trim().min(6).max(20).optional(),
    referralCode: z.string().trim().max(64).optional(),
  })
  .nullish();

/**
 * The answers of POST /lookup/oauth (spec §4 "Social login"):
 * - `redirect_url`: send the browser there (step one);
 * - `token`: logged in;
 * - `token: null` with `twoFactor` and `lookup`: the account has two-factor on; confirm the code with
 *   `{token: lookup, twoFactorCode}` before `twoFactor.ttl` seconds pass;
 * - `token: null` with `oauthToken`: this identity is not linked yet; register (with the age gate and
 *   rules) sending `oauthToken`, or log in and link it with PUT /users/self/oauth. `email` pre-fills the
 *   form when the provider vouches for it.
 */
export const oauthLookupResponse = dataEnvelope(
  z.union([
    z.object({ redirect_url: z.string() }),
    z.object({ token: z.string() }),
    z.object({
      token: z.null(),
      lookup: z.string(),
      socialNetwork: oauthProviderId,
      twoFactor: z.object({ enabled: z.literal(true), confirmed: z.literal(false), ttl: z.number().int() }),
    }),
    z.object({
      token: z.null(),
      oauthToken: z.string(),
      socialNetwork: oauthProviderId,
      email: z.string().nullable(),
      referralCode: z.string().nullable(),
    }),
  ]),
);

export const oauthLinkBody = z.strictObject({ oauthToken: z.string().min(1).max(1024) });

/** The social identities linked to the player (GET /users/self/oauth). */
export const oauthLinksResponse = dataEnvelope(
  z.array(z.object({ socialNetwork: oauthProviderId, email: z.string().nullable(), linkedAt: z.number() })),
);

export const OAuthMessage = {
  unknownProvider: 'errors.oauth.unknown_provider',
  invalidState: 'errors.oauth.invalid_state',
  denied: 'errors.oauth.denied',
  providerFailed: 'errors.oauth.provider_failed',
  alreadyLinked: 'errors.oauth.already_linked',
  invalidToken: 'errors.oauth.invalid_token',
} as const;

/** What POST /lookup/oauth answers: the provider's page, a session, a 2FA step, or a new identity. */
export type OAuthLookupAnswer = DataOf<typeof oauthLookupResponse>;
