import { z } from 'zod';
import { queryInt, queryWith } from './common.ts';
import { dataEnvelope, type DataOf } from './envelope.ts';
import { currencyCode } from './enums.ts';
import { DEVELOPER_CANONICAL, TAB_SORTS } from './tab-view.ts';

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
  /** Only this developer's games (its canonical name), for the lobby's developer pages. */
  developer: z
    .string()
    .max(100)
    .regex(/^[a-z0-9-]+$/, 'errors.invalid')
    .optional(),
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
    /** When the session ends (unix seconds); null for a guest's demo, which has none. */
    expiresAt: z.number().int().nullable(),
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

/**
 * GET /winners/feed: the lobby's live feed (ADR 050) — the latest settled rounds a player won (paid out
 * more than staked), newest first, polled by the lobby. Fake and tester players never appear, names are
 * masked («ал***»), amounts are minor units the site writes in Russian. Never in the guest cache.
 */
export const WIN_FEED_LIMIT = 12;
/** From this multiple of the stake a win is a big one (the feed highlights it). */
export const BIG_WIN_MULTIPLIER = 10;
export const winFeedQuery = queryWith({
  currencyType: currencyCode.default('RUB'),
  limit: queryInt(1, 30).default(WIN_FEED_LIMIT),
});
export const winFeedItem = z.object({
  /** Stable per round, opaque: the site animates the new ones in. */
  id: z.string(),
  user: z.object({ name: z.string() }),
  game: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    image: z.string(),
    developer: z.object({ canonical: z.string(), name: z.string() }),
  }),
  amount: z.number().int(),
  stake: z.number().int(),
  /** The win over the stake, two decimals. */
  multiplier: z.number(),
  isBig: z.boolean(),
  currency: currencyCode,
  at: z.number().int(),
});
export const winFeedResponse = dataEnvelope(z.array(winFeedItem));
export type WinFeedItem = z.infer<typeof winFeedItem>;

/** GET /games/{slug}/promo: the game's promo frame; guests play it on play money (demo). */
export const gamePromoQuery = gameLaunchQuery;

/**
 * Pre-game info (spec §4 pre-game popup): whether the game can start with the player's balances.
 * Blocked by an empty balance, or by a real-balance-only game while only bonus money exists, unless
 * an active free-bet gift exists.
 */
export const pregameResponse = dataEnvelope(
  z.object({
    game: catalogGame,
    blocked: z.boolean(),
    reason: z.enum(['empty_balance', 'bonus_only']).nullable(),
    balance: z.object({ currency: currencyCode, real: z.number().int(), bonus: z.number().int() }),
    freeBet: z.boolean(),
    /** The player's free bet on this game, offered by the popup ("У вас фрибет 100 ₽"; ADR 031). */
    freeBetOffer: z
      .object({ giftId: z.number().int(), amount: z.number().int(), currency: currencyCode })
      .nullable(),
  }),
);

/** Recommendations: for the search page (games and tags), and by a model. */
export const RECOMMENDATIONS_LIMIT = 12;
export const recommendationForSearchQuery = queryWith({ searchId: z.string().trim().max(64).optional() });
export const recommendationForSearchResponse = dataEnvelope(
  z.object({
    games: z.array(catalogGame),
    tags: z.array(z.object({ name: z.string(), locales: z.record(z.string(), z.string()) })),
  }),
);
/** `personal`: like the games the player plays most (a guest gets `popular`); `new`: the newest. */
export const RECOMMENDATION_MODELS = ['personal', 'popular', 'new'] as const;
export const recommendationByModelQuery = queryWith({
  model: z.enum(RECOMMENDATION_MODELS),
  limit: queryInt(1, 50).default(RECOMMENDATIONS_LIMIT),
});

/** A lobby tab's games in order (the first 50 by default), and how many active games it holds. */
export const TAB_SORTED_LIMIT = 50;
export const gameTypeParams = z.strictObject({ slug: z.string().min(1).max(100) });
/** A studio's canonical name (as in the developer pages' addresses). */
export const developerCanonical = z.string().regex(DEVELOPER_CANONICAL, 'errors.invalid');
export const gameTypeGamesQuery = queryWith({
  limit: queryInt(1, GAMES_MAX_LIMIT).default(TAB_SORTED_LIMIT),
  offset: queryInt(0, GAMES_MAX_OFFSET).default(0),
  sort: z.enum(TAB_SORTS).default('popular'),
  /** Only this studio's games of the tab. */
  developer: developerCanonical.optional(),
});
export const gameTypeGamesResponse = dataEnvelope(
  z.object({
    slug: z.string(),
    sort: z.array(z.object({ game_id: z.number().int() })),
    /** How many active games match (the tab's, or the tab's of the studio asked). */
    activeGames: z.number().int(),
    games: z.record(z.string(), catalogGame),
    /** The studios present in the tab (for this device type), with their games in it, by name. */
    studios: z.array(z.object({ canonical: z.string(), name: z.string(), gamesCount: z.number().int() })),
  }),
);

/** Ratings (spec §7): the biggest wins of today (operator's day) and of all time, 10 each. */
export const RATINGS_LIMIT = 10;
const gameRef = z.object({ id: z.number().int(), slug: z.string(), title: z.string(), image: z.string() });
export const ratingsQuery = queryWith({ currency: currencyCode.default('RUB') });
export const ratingsResponse = dataEnvelope(
  z.array(
    z.object({
      place: z.number().int(),
      user: z.object({ name: z.string() }),
      game: gameRef,
      amount: z.number().int(),
      currency: currencyCode,
      at: z.number().int(),
    }),
  ),
);

/**
 * The hall of fame: `top` ranks players by their net winnings of all time, `daily` by today's, and
 * `statuses` by what they staked in the last 30 days. Paged by limit and offset (at most 100).
 */
export const HALL_OF_FAME_LIMIT = 10;
export const HALL_OF_FAME_MAX_OFFSET = 100;
export const hallOfFameQuery = queryWith({
  limit: queryInt(1, 50).default(HALL_OF_FAME_LIMIT),
  offset: queryInt(0, HALL_OF_FAME_MAX_OFFSET).default(0),
  currency: currencyCode.default('RUB'),
});
const hallEntry = z.object({
  place: z.number().int(),
  user: z.object({ name: z.string() }),
  amount: z.number().int(),
  rounds: z.number().int(),
  currency: currencyCode,
});
export const hallOfFameResponse = dataEnvelope(
  z.object({ top: z.array(hallEntry), daily: z.array(hallEntry), statuses: z.array(hallEntry) }),
);

export type Developer = DataOf<typeof developersResponse>[number];
export type GameTab = DataOf<typeof gameTypesResponse>[number];
export type GameTypeGames = DataOf<typeof gameTypeGamesResponse>;
export { TAB_SORTS, type TabSort } from './tab-view.ts';
export type FavoriteGames = DataOf<typeof favoriteGamesResponse>;
export type CatalogLaunch = DataOf<typeof catalogLaunchResponse>;
export type Pregame = DataOf<typeof pregameResponse>;
export type GameSearchResult = DataOf<typeof gameSearchResponse>;
export type SearchRecommendation = DataOf<typeof recommendationForSearchResponse>;
