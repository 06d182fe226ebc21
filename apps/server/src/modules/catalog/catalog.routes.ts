import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  commonQuery,
  developersResponse,
  favoriteGamesBody,
  favoriteGamesResponse,
  gameResponse,
  gameSearchQuery,
  gameSearchResponse,
  gameSlugParams,
  gamesQuery,
  gamesResponse,
  gameTypesResponse,
  gameSetParams,
  gameSetQuery,
  gamesListResponse,
  lastGamesQuery,
  gameIdParams,
  gameLaunchQuery,
  catalogLaunchResponse,
  winnersQuery,
  winnersResponse,
  gamePromoQuery,
  pregameResponse,
  gameTypeParams,
  gameTypeGamesQuery,
  gameTypeGamesResponse,
  recommendationForSearchQuery,
  recommendationForSearchResponse,
  recommendationByModelQuery,
  ratingsQuery,
  ratingsResponse,
  hallOfFameQuery,
  hallOfFameResponse,
} from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { authOf } from '../accounts/index.ts';
import type { CatalogService } from './catalog.service.ts';
import { COVER_QUALITY, COVER_WIDTHS, gameCoverSvg, gameCoverWebp } from './game-image.ts';
import { searchAnswerJson } from './catalog-json.ts';

type SearchAnswer = { data: Parameters<typeof searchAnswerJson>[0] };

/** The lobby's calls (spec §7 games): games, tabs, developers, search, favourites, covers. */
export function catalogRoutes(
  service: CatalogService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['games'];
    // A guest's lobby answers are the same for every guest: kept in the guest cache (ADR 007). A
    // player's (an Auth-Token) never are; a guest's promo frame is never cached (its own token).
    const cached = { guestCache: true };

    app.get(
      '/games',
      {
        config: cached,
        schema: {
          tags,
          summary: 'A page of the lobby in order (limit, offset), or the games of `ids`; keyed by id',
          querystring: gamesQuery,
          response: { 200: gamesResponse },
        },
      },
      async (request) => ({ data: await service.games(request.query) }),
    );

    app.get(
      '/games/:slug',
      {
        config: cached,
        schema: {
          tags,
          summary: 'One game by its slug',
          params: gameSlugParams,
          querystring: commonQuery,
          response: { 200: gameResponse },
        },
      },
      async (request) => ({ data: await service.game(request.params.slug) }),
    );

    app.get(
      '/gameTypes',
      {
        config: cached,
        schema: {
          tags,
          summary: 'The lobby tabs',
          querystring: commonQuery,
          response: { 200: gameTypesResponse },
        },
      },
      async () => ({ data: await service.gameTypes() }),
    );

    app.get(
      '/developers',
      {
        config: cached,
        schema: {
          tags,
          summary: 'Game developers with their canonical names and how many games each has',
          querystring: commonQuery,
          response: { 200: developersResponse },
        },
      },
      async () => ({ data: await service.developers() }),
    );

    /** Calls a guest may make too: the player is known when a token comes with them. */
    const playerIfAny: preHandlerAsyncHookHandler = async function (request, reply) {
      if (request.ctx.authToken) await authenticated.call(this, request, reply);
    };

    app.get(
      '/games/:slug/promo',
      {
        preHandler: playerIfAny,
        schema: {
          tags,
          summary:
            "A game's promo frame: for real for a player (417 for verified-only games), demo for a guest",
          params: gameSlugParams,
          querystring: gamePromoQuery,
          response: { 200: catalogLaunchResponse },
        },
      },
      async (request) => ({
        data: await service.promo(
          request.auth,
          request.params.slug,
          { backUrl: request.query.backUrl, cashUrl: request.query.cashUrl },
          request.ctx.language,
        ),
      }),
    );

    app.get(
      '/games/:slug/pregame',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary:
            'Pre-game info: whether the balance lets the game start (empty, or bonus only for a real-only game)',
          params: gameSlugParams,
          querystring: commonQuery,
          response: { 200: pregameResponse },
        },
      },
      async (request) => ({ data: await service.pregame(authOf(request), request.params.slug) }),
    );

    app.get(
      '/gameTypes/:slug/games',
      {
        config: cached,
        schema: {
          tags,
          summary: "A lobby tab's games in order (the first 50 by default), with how many it holds",
          params: gameTypeParams,
          querystring: gameTypeGamesQuery,
          response: { 200: gameTypeGamesResponse },
        },
      },
      async (request) => ({
        data: await service.typeGames(
          request.params.slug,
          { limit: request.query.limit, offset: request.query.offset },
          request.query.isMobile,
        ),
      }),
    );

    app.get(
      '/games-recommendation/for-search',
      {
        config: cached,
        preHandler: playerIfAny,
        schema: {
          tags,
          summary: 'Games and tags recommended on the search page (for the player, or the most played)',
          querystring: recommendationForSearchQuery,
          response: { 200: recommendationForSearchResponse },
        },
      },
      async (request) => ({ data: await service.forSearch(request.auth?.user.id, request.query.isMobile) }),
    );

    app.get(
      '/games-recommendation/by-model',
      {
        config: cached,
        preHandler: playerIfAny,
        schema: {
          tags,
          summary: 'Recommended games by model: personal, popular or new',
          querystring: recommendationByModelQuery,
          response: { 200: gamesListResponse },
        },
      },
      async (request) => ({
        data: await service.byModel(
          request.query.model,
          request.query.limit,
          request.auth?.user.id,
          request.query.isMobile,
        ),
      }),
    );

    for (const period of ['daily', 'total'] as const) {
      app.get(
        `/ratings/${period}`,
        {
          config: cached,
          schema: {
            tags,
            summary:
              period === 'daily'
                ? "Today's biggest wins in a currency (the operator's day)"
                : 'The biggest wins of all time in a currency',
            querystring: ratingsQuery,
            response: { 200: ratingsResponse },
          },
        },
        async (request) => ({ data: await service.ratings(period, request.query.currency) }),
      );
    }

    app.get(
      '/hallOfFame',
      {
        config: cached,
        schema: {
          tags,
          summary: 'The hall of fame: net winnings of all time and of today, and stakes over 30 days',
          querystring: hallOfFameQuery,
          response: { 200: hallOfFameResponse },
        },
      },
      async (request) => ({
        data: await service.hallOfFame(
          { limit: request.query.limit, offset: request.query.offset },
          request.query.currency,
        ),
      }),
    );

    app.get(
      '/game-search',
      {
        config: cached,
        // The player is known only for their own statistic; a guest searches by the overall one.
        preHandler: async function (request, reply) {
          if (request.query.sort === '-userStatistic' && request.ctx.authToken) {
            await authenticated.call(this, request, reply);
          }
        },
        // Written from each game's JSON kept since the snapshot was loaded (catalog-json.ts).
        serializerCompiler: () => (answer) => searchAnswerJson((answer as SearchAnswer).data),
        schema: {
          tags,
          summary: 'Games by name (Cyrillic or Latin) and tags (at most 8), most played first',
          querystring: gameSearchQuery,
          response: { 200: gameSearchResponse },
        },
      },
      async (request) => ({ data: await service.search(request.query, request.auth?.user.id) }),
    );

    const favoriteQuery = commonQuery;
    app.get(
      '/favorite-games',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: "The player's favourites for this device type",
          querystring: favoriteQuery,
          response: { 200: favoriteGamesResponse },
        },
      },
      async (request) => ({
        data: await service.favorites(authOf(request).user.id, request.query.isMobile ?? false),
      }),
    );
    app.post(
      '/favorite-games',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Add games to the favourites of this device type (50 at most per call)',
          querystring: favoriteQuery,
          body: favoriteGamesBody,
          response: { 200: favoriteGamesResponse },
        },
      },
      async (request) => ({
        data: await service.addFavorites(
          authOf(request).user.id,
          request.body.game_ids,
          request.query.isMobile ?? false,
        ),
      }),
    );
    app.delete(
      '/favorite-games',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Remove games from the favourites of this device type (50 at most per call)',
          querystring: favoriteQuery,
          body: favoriteGamesBody,
          response: { 200: favoriteGamesResponse },
        },
      },
      async (request) => ({
        data: await service.removeFavorites(
          authOf(request).user.id,
          request.body.game_ids,
          request.query.isMobile ?? false,
        ),
      }),
    );

    app.get(
      '/game-catalog/sets/:set/games',
      {
        config: cached,
        schema: {
          tags,
          summary: 'A curated set of games (pre-game popup bonus and popular, home page promo), in order',
          params: gameSetParams,
          querystring: gameSetQuery,
          response: { 200: gamesListResponse },
        },
      },
      async (request) => ({
        data: await service.setGames(
          request.params.set,
          { limit: request.query.limit, offset: request.query.offset },
          request.query.isMobile,
        ),
      }),
    );

    app.get(
      '/winners/last',
      {
        config: cached,
        schema: {
          tags,
          summary: 'The latest wins in a currency (fake and tester players never appear)',
          querystring: winnersQuery,
          response: { 200: winnersResponse },
        },
      },
      async (request) => ({ data: await service.winners(request.query.currencyType, request.query.limit) }),
    );

    app.get(
      '/users/self/lastGames',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'The games the player launched last, most recent first',
          querystring: lastGamesQuery,
          response: { 200: gamesListResponse },
        },
      },
      async (request) => ({
        data: await service.lastGames(authOf(request).user.id, request.query.limit, request.query.isMobile),
      }),
    );

    for (const mode of ['demo', 'real'] as const) {
      app.get(
        `/games/:id/${mode}`,
        {
          preHandler: authenticated,
          schema: {
            tags,
            summary:
              mode === 'real'
                ? 'Launch for real money (417 with the KYC expectation for verified-only games)'
                : 'Launch in demo mode, on play money',
            params: gameIdParams,
            querystring: gameLaunchQuery,
            response: { 200: catalogLaunchResponse },
          },
        },
        async (request) => ({
          data: await service.launch(
            authOf(request),
            request.params.id,
            mode,
            { backUrl: request.query.backUrl, cashUrl: request.query.cashUrl },
            request.ctx.language,
          ),
        }),
      );
    }

    app.get(
      '/game-images/:file',
      {
        schema: {
          tags,
          summary: "A demo game's neutral cover: SVG, or WebP at a width (w) and quality (q)",
          params: z.strictObject({ file: z.string().regex(/^[a-z0-9-]{1,200}\.(svg|webp)$/) }),
          querystring: z.strictObject({
            w: z.coerce
              .number()
              .int()
              .refine((width) => (COVER_WIDTHS as readonly number[]).includes(width), 'errors.invalid')
              .default(240),
            q: z.coerce
              .number()
              .int()
              .min(COVER_QUALITY.min)
              .max(COVER_QUALITY.max)
              .default(COVER_QUALITY.default),
          }),
          hide: true,
        },
      },
      async (request, reply) => {
        const [slug = '', format] = request.params.file.split('.');
        const game = await service.game(slug).catch((error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        });
        if (!game) throw new AppError('NOT_FOUND');
        reply.header('cache-control', 'public, max-age=86400');
        if (format === 'webp') {
          const { w, q } = request.query;
          return reply.type('image/webp').send(await gameCoverWebp(slug, game.title, w, q));
        }
        return reply.type('image/svg+xml; charset=utf-8').send(gameCoverSvg(slug, game.title));
      },
    );
  };
}
