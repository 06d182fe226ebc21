import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { exportQuery, listPageResponse, listQuery } from './lists.ts';

/**
 * Games and providers in the back office (issue 18 item 5, ADR 037): games switched on and off,
 * renamed, re-tagged and given art; the lobby tabs and curated sets put in order; each game's
 * theoretical RTP beside its live RTP; providers switched on and off and their secrets rotated.
 */

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Message keys of the games screens (Russian texts in messages.ru.ts). */
export const GamesAdminMessage = {
  gameNotFound: 'errors.games_admin.game_not_found',
  titleRequired: 'errors.games_admin.title_required',
  badTag: 'errors.games_admin.bad_tag',
  badOrder: 'errors.games_admin.bad_order',
  setNotFound: 'errors.games_admin.set_not_found',
  imageType: 'errors.games_admin.image_type',
  imageTooLarge: 'errors.games_admin.image_too_large',
  imageTooSmall: 'errors.games_admin.image_too_small',
  providerNotFound: 'errors.games_admin.provider_not_found',
  providerTaken: 'errors.games_admin.provider_taken',
  badProviderId: 'errors.games_admin.bad_provider_id',
  badLaunchUrl: 'errors.games_admin.bad_launch_url',
  providerNameRequired: 'errors.games_admin.provider_name_required',
  builtInSecret: 'errors.games_admin.built_in_secret',
  rsaProvider: 'errors.games_admin.rsa_provider',
} as const;
const M = GamesAdminMessage;

/** How much a game's result per round spreads: the width of its live RTP's confidence band (ADR 037). */
export const GAME_VOLATILITIES = ['low', 'medium', 'high'] as const;
export type GameVolatility = (typeof GAME_VOLATILITIES)[number];

/** A game's state in the back office: playable, or switched off by an operator. */
export const GAME_ADMIN_STATES = ['active', 'disabled'] as const;

/** The windows of live RTP. */
export const RTP_WINDOWS = ['day', 'week', 'all'] as const;
export type RtpWindow = (typeof RTP_WINDOWS)[number];

/** Live RTP over one window, from settled (closed) rounds: returned / staked, rollbacks left out. */
export const liveRtp = z.object({
  window: z.enum(RTP_WINDOWS),
  rounds: z.number().int(),
  /** Sums in minor units, over every currency (a ratio does not need one currency). */
  staked: z.number().int(),
  returned: z.number().int(),
  /** Percent with two decimals; null while nothing was staked. */
  rtp: z.number().nullable(),
  /** The confidence band around the theoretical RTP for these rounds (percent), null without one. */
  band: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Live RTP lies outside the band: worth a look (a wrong configuration, a bug, or abuse). */
  outside: z.boolean(),
});
export type LiveRtp = z.infer<typeof liveRtp>;

export const gameAdminRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  provider: z.string(),
  code: z.string(),
  developer: z.string(),
  image: z.string(),
  tags: z.array(z.string()),
  active: z.boolean(),
  /** Theoretical RTP in percent (the provider's figure), null when unknown. */
  rtp: z.number().nullable(),
  volatility: z.enum(GAME_VOLATILITIES),
  /** Live RTP over 24 hours, 7 days and all time. */
  live: z.array(liveRtp),
  createdAt: z.string(),
});
export type GameAdminRow = z.infer<typeof gameAdminRow>;

export const GAME_ADMIN_SORTS = ['id', 'title', 'provider', 'rtp', 'createdAt'] as const;
const gameFilters = {
  query: z.string().trim().max(100).optional(),
  provider: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .optional(),
  state: z.enum(GAME_ADMIN_STATES).optional(),
};
export const gameAdminListQuery = listQuery(GAME_ADMIN_SORTS, gameFilters);
export const gameAdminExportQuery = exportQuery(GAME_ADMIN_SORTS, gameFilters);
export const gameAdminListResponse = listPageResponse(gameAdminRow);
export const gameAdminIdParams = z.strictObject({ id: idParam });
export const gameAdminResponse = dataEnvelope(
  gameAdminRow.extend({
    /** Every known tag with its Russian name, to pick from. */
    knownTags: z.array(z.object({ tag: z.string(), name: z.string() })),
  }),
);

const tag = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, M.badTag);

export const gameAdminUpdateBody = z.strictObject({
  title: z.string().trim().min(1, M.titleRequired).max(120, M.titleRequired),
  tags: z.array(tag).max(20, M.badTag),
  volatility: z.enum(GAME_VOLATILITIES),
});
export type GameAdminUpdate = z.infer<typeof gameAdminUpdateBody>;

/** Covers operators upload: JPEG, PNG or WebP, at most 2 MB, at least 400×300 (shown at 4:3). */
export const GAME_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const GAME_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const GAME_IMAGE_MIN = { width: 400, height: 300 } as const;
export const gameImageBody = z.strictObject({
  contentType: z.enum(GAME_IMAGE_TYPES, { error: M.imageType }),
  /** The file, base64-encoded. */
  data: z
    .string()
    .min(1, M.imageType)
    .max(Math.ceil((GAME_IMAGE_MAX_BYTES * 4) / 3) + 4, M.imageTooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, M.imageType),
});

/** A lobby tab and how many games it holds. */
export const lobbyTabRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  position: z.number().int(),
  games: z.number().int(),
});
export const lobbyTabsResponse = dataEnvelope(z.array(lobbyTabRow));
export const lobbyTabOrderBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, M.badOrder).max(200, M.badOrder),
});

/** The curated sets (home-page promo, pre-game popups) with their games in order. */
export const GAME_SET_SLUGS = ['home-page-promo', 'pregame-popup-popular', 'pregame-popup-bonus'] as const;
export const gameSetRow = z.object({
  slug: z.enum(GAME_SET_SLUGS),
  games: z.array(
    z.object({ id: z.number().int(), title: z.string(), image: z.string(), active: z.boolean() }),
  ),
});
export const gameSetsResponse = dataEnvelope(z.array(gameSetRow));
export const gameSetSlugParams = z.strictObject({ slug: z.enum(GAME_SET_SLUGS, { error: M.setNotFound }) });
export const gameSetOrderBody = z.strictObject({
  gameIds: z.array(z.number().int().positive()).min(1, M.badOrder).max(200, M.badOrder),
});

/** A game provider: its games, whether it is on, and how it signs (only a hint of a secret). */
export const providerAdminRow = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Set by the server's configuration (Kometa's own game server, GAME_PROVIDERS) or in the back office. */
  source: z.enum(['built_in', 'configuration', 'back_office']),
  signing: z.enum(['hmac', 'rsa']),
  /** The secret's last four characters; never the secret. */
  secretHint: z.string().nullable(),
  secretRotatedAt: z.string().nullable(),
  launchUrl: z.string(),
  games: z.number().int(),
  activeGames: z.number().int(),
});
export type ProviderAdminRow = z.infer<typeof providerAdminRow>;
export const PROVIDER_ADMIN_SORTS = ['id', 'name', 'games'] as const;
const providerFilters = {
  query: z.string().trim().max(100).optional(),
  state: z.enum(GAME_ADMIN_STATES).optional(),
};
export const providerAdminListQuery = listQuery(PROVIDER_ADMIN_SORTS, providerFilters);
export const providerAdminExportQuery = exportQuery(PROVIDER_ADMIN_SORTS, providerFilters);
export const providerAdminListResponse = listPageResponse(providerAdminRow);
export const providerIdParams = z.strictObject({
  id: z.string().regex(/^[a-z0-9_-]{1,32}$/, M.providerNotFound),
});
export const providerAdminResponse = dataEnvelope(providerAdminRow);
export const createProviderBody = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{2,32}$/, M.badProviderId),
  name: z.string().trim().min(1, M.providerNameRequired).max(80, M.providerNameRequired),
  launchUrl: z
    .string()
    .trim()
    .max(500, M.badLaunchUrl)
    .regex(/^https?:\/\/[^\s"'<>]+$/, M.badLaunchUrl)
    .refine((url) => url.includes('{token}'), M.badLaunchUrl),
});
/** A new secret: shown once, in this answer only. */
export const providerSecretResponse = dataEnvelope(
  z.object({ provider: providerAdminRow, secret: z.string() }),
);
