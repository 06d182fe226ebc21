import { z } from 'zod';
import { queryInt, queryWith } from './common.ts';
import { dataEnvelope } from './envelope.ts';
import { currencyCode } from './enums.ts';

/** The game catalogue and lobby (spec §3 Game, Game tab; §7 games calls; §9 paging; issue 6). */
export const GAMES_PAGE_SIZE = 20;
export const GAMES_MAX_LIMIT = 100;
export const GAMES_MAX_OFFSET = 100_000;
export const SEARCH_TAGS_MAX = 8;
export const FAVORITES_BATCH = 50;

export const developerRef = z.object({ id: z.number().int(), name: z.string(), canonical: z.string() });

export const catalogGame = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string(),
  isMobile: z.boolean(),
  isDesktop: z.boolean(),
  betStatistic: z.number().int(),
  developer: developerRef,
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  onlyRealBalance: z.boolean(),
  verifiedOnly: z.boolean(),
  /** The theoretical return to player in percent (two decimals), when the provider publishes it. */
  rtp: z.number().nullable(),
  demoAvailable: z.boolean(),
  position: z.number().int(),
});
export type CatalogGame = z.infer<typeof catalogGame>;

const idList = z
  .string()
  .max(1_000)
  .regex(/^\d+(,\d+)*$/, 'errors.invalid')
  .transform((value) => value.split(',').map(Number))
  .refine((ids) => ids.length <= GAMES_MAX_LIMIT, 'errors.too_many');

/** GET /games: a page of the lobby in order, or the games of `ids`; data keyed by id. */
export const gamesQuery = queryWith({
  limit: queryInt(1, GAMES_MAX_LIMIT).default(GAMES_PAGE_SIZE),
  offset: queryInt(0, GAMES_MAX_OFFSET).default(0),
  ids: idList.optional(),
});
export const gamesResponse = dataEnvelope(z.record(z.string(), catalogGame));
export const gameResponse = dataEnvelope(catalogGame);
export const gameSlugParams = z.strictObject({ slug: z.string().min(1).max(200) });

export const gameTypesResponse = dataEnvelope(
  z.array(
    z.object({ id: z.number().int(), slug: z.string(), title: z.string(), position: z.number().int() }),
  ),
);
export const developersResponse = dataEnvelope(
  z.array(developerRef.extend({ position: z.number().int(), gamesCount: z.number().int() })),
);

/** Game search by name and tags (Cyrillic or Latin), most played first. */
export const gameSearchQuery = queryWith({
  query: z.string().trim().max(64).optional(),
  tags: z
    .string()
    .max(400)
    .transform((value) =>
      value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    )
    .refine((tags) => tags.length <= SEARCH_TAGS_MAX, 'errors.too_many')
    .optional(),
  sort: z.enum(['-betStatistic', '-userStatistic']).default('-betStatistic'),
  limit: queryInt(1, GAMES_MAX_LIMIT).default(GAMES_PAGE_SIZE),
  offset: queryInt(0, GAMES_MAX_OFFSET).default(0),
});
export const gameSearchResponse = dataEnvelope(
  z.object({
    items: z.array(catalogGame),
    count: z.number().int(),
    tags: z.array(z.object({ name: z.string(), locales: z.record(z.string(), z.string()) })),
  }),
);

/** Favourites of the device type in hand (isMobile), at most 50 ids a call. */
export const favoriteGamesBody = z.strictObject({
  game_ids: z.array(z.number().int().positive()).min(1).max(FAVORITES_BATCH),
});
export const favoriteGamesResponse = dataEnvelope(z.object({ game_ids: z.array(z.number().int()) }));

/** The curated sets of spec §7. */
export const GAME_SETS = ['pregame-popup-bonus', 'pregame-popup-popular', 'home-page-promo'] as const;
export const gameSetParams = z.strictObject({ set: z.enum(GAME_SETS) });
export const gameSetQuery = queryWith({
  limit: queryInt(1, GAMES_MAX_LIMIT).default(GAMES_PAGE_SIZE),
  offset: queryInt(0, GAMES_MAX_OFFSET).default(0),
});
export const gamesListResponse = dataEnvelope(z.array(catalogGame));

/** GET /users/self/lastGames: the games the player launched last (100 by default). */
export const lastGamesQuery = queryWith({ limit: queryInt(1, 100).default(100) });

/** A path of the site (where the game's buttons lead back to the lobby or the cashier). */
const sitePath = z
  .string()
  .max(2_048)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'errors.invalid');
export const gameIdParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const gameLaunchQuery = queryWith({ backUrl: sitePath.optional(), cashUrl: sitePath.optional() });
/** The launch response of spec §3: the frame's address, opened in an iframe. */
export const catalogLaunchResponse = dataEnvelope(
  z.object({
    url: z.string(),
    launchType: z.literal('iframe'),
    launchOptions: z.null(),
    status: z.literal('ok'),
    expiresAt: z.number().int(),
  }),
);

/** GET /winners/last: the latest wins in a currency (14 for the slider); fake players never appear. */
export const WINNERS_LIMIT = 14;
export const winnersQuery = queryWith({
  currencyType: currencyCode.default('RUB'),
  limit: queryInt(1, 50).default(WINNERS_LIMIT),
});
export const winnersResponse = dataEnvelope(
  z.array(
    z.object({
      user: z.object({ name: z.string() }),
      game: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), image: z.string() }),
      amount: z.number().int(),
      currency: currencyCode,
      at: z.number().int(),
    }),
  ),
);
