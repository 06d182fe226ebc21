import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import * as contract from '@kometa/contracts/catalog';
import { AppError } from '../../platform/http/app-error.ts';
import { authOf } from '../../platform/http/auth-guard.ts';
import { routeOptions, type CallSchema } from '../../platform/http/route-options.ts';
import type { CatalogService } from './catalog.service.ts';
import { studioLogoSvg } from '@kometa/themes';
import { COVER_QUALITY, COVER_WIDTHS, gameCoverSvg, gameCoverWebp, uploadedCoverWebp } from './game-image.ts';
import { searchAnswerJson } from './catalog-json.ts';

type SearchAnswer = { data: Parameters<typeof searchAnswerJson>[0] };
type Page = { limit: number; offset: number };
/**
 * A paged list of games under a key of the path (see `pagedGames`). The contract's schemas still
 * validate the call and write the answer; only the handler sees them this wide.
 */
type PagedGamesSchema = CallSchema & {
  params: z.ZodType<Record<string, string>>;
  querystring: z.ZodType<Page & { isMobile?: boolean | undefined }>;
  response: z.ZodType<{ data: unknown }>;
};

/** The lobby's calls (spec §7 games): games, tabs, developers, search, favourites, covers. */
export function catalogRoutes(
  service: CatalogService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['games'];
    // A guest's lobby answers are the same for every guest: kept in the guest cache (ADR 007). A
    // player's (an Auth-Token) never are; a guest's promo frame is never cached (its own token).
    const lobbyCall = routeOptions({ tags, config: { guestCache: true } });
    const playerCall = routeOptions({ tags, preHandler: authenticated });
    /** Calls a guest may make too: the player is known when a token comes with them. */
    const playerIfAny: preHandlerAsyncHookHandler = async function (request, reply) {
      if (request.ctx.authToken) await authenticated.call(this, request, reply);
    };
    const anyoneCall = routeOptions({ tags, preHandler: playerIfAny });
    const lobbyForAnyoneCall = routeOptions({ tags, config: { guestCache: true }, preHandler: playerIfAny });
    const page = (query: { limit: number; offset: number }) => ({ limit: query.limit, offset: query.offset });
    /** The frame's lobby and cashier links, on the site address the player is on (ADR 041). */
    const links = (
      query: { backUrl?: string | undefined; cashUrl?: string | undefined },
      siteOrigin: string,
    ) => ({
      backUrl: query.backUrl,
      cashUrl: query.cashUrl,
      siteOrigin,
    });

    app.get(
      '/games',
      lobbyCall({
        summary: 'A page of the lobby in order (limit, offset), or the games of `ids`; keyed by id',
        querystring: contract.gamesQuery,
        response: contract.gamesResponse,
      }),
      async (request) => ({ data: await service.games(request.query) }),
    );
    app.get(
      '/games/:slug',
      lobbyCall({
        summary: 'One game by its slug',
        params: contract.gameSlugParams,
        response: contract.gameResponse,
      }),
      async (request) => ({ data: await service.game(request.params.slug) }),
    );
    app.get(
      '/gameTypes',
      lobbyCall({ summary: 'The lobby tabs', response: contract.gameTypesResponse }),
      async () => ({ data: await service.gameTypes() }),
    );
    app.get(
      '/developers',
      lobbyCall({
        summary: 'Game developers with their canonical names and how many games each has',
        response: contract.developersResponse,
      }),
      async () => ({ data: await service.developers() }),
    );

    app.get(
      '/games/:slug/promo',
      anyoneCall({
        summary:
          "A game's promo frame: for real for a player (417 for verified-only games), demo for a guest",
        params: contract.gameSlugParams,
        querystring: contract.gamePromoQuery,
        response: contract.catalogLaunchResponse,
      }),
      async (request) => ({
        data: await service.promo(
          request.auth,
          request.params.slug,
          links(request.query, request.ctx.siteOrigin),
          request.ctx.language,
        ),
      }),
    );
    app.get(
      '/games/:slug/pregame',
      playerCall({
        summary:
          'Pre-game info: whether the balance lets the game start (empty, or bonus only for a real-only game)',
        params: contract.gameSlugParams,
        response: contract.pregameResponse,
      }),
      async (request) => ({ data: await service.pregame(authOf(request), request.params.slug) }),
    );

    /**
     * A page of games under a key of the path, in order (a lobby tab's, a curated set's): the service's
     * `load` gets the key, the page and the device type.
     */
    function pagedGames(
      url: string,
      schema: PagedGamesSchema,
      key: string,
      load: (key: string, page: Page, isMobile: boolean | undefined) => Promise<unknown>,
    ) {
      app.get(url, lobbyCall(schema), async ({ params, query }) => ({
        data: await load(params[key] ?? '', page(query), query.isMobile),
      }));
    }
    app.get(
      '/gameTypes/:slug/games',
      lobbyCall({
        summary:
          "A lobby tab's games (the first 50 by default): in its order, the newest or А–Я; of one studio when asked",
        params: contract.gameTypeParams,
        querystring: contract.gameTypeGamesQuery,
        response: contract.gameTypeGamesResponse,
      }),
      async ({ params, query }) => ({ data: await service.typeGames(params.slug, query, query.isMobile) }),
    );

    app.get(
      '/games-recommendation/for-search',
      lobbyForAnyoneCall({
        summary: 'Games and tags recommended on the search page (for the player, or the most played)',
        querystring: contract.recommendationForSearchQuery,
        response: contract.recommendationForSearchResponse,
      }),
      async (request) => ({ data: await service.forSearch(request.auth?.user.id, request.query.isMobile) }),
    );
    app.get(
      '/games-recommendation/by-model',
      lobbyForAnyoneCall({
        summary: 'Recommended games by model: personal, popular or new',
        querystring: contract.recommendationByModelQuery,
        response: contract.gamesListResponse,
      }),
      async (request) => {
        const { model, limit, isMobile } = request.query;
        return { data: await service.byModel(model, limit, request.auth?.user.id, isMobile) };
      },
    );

    for (const period of ['daily', 'total'] as const) {
      app.get(
        `/ratings/${period}`,
        lobbyCall({
          summary:
            period === 'daily'
              ? "Today's biggest wins in a currency (the operator's day)"
              : 'The biggest wins of all time in a currency',
          querystring: contract.ratingsQuery,
          response: contract.ratingsResponse,
        }),
        async (request) => ({ data: await service.ratings(period, request.query.currency) }),
      );
    }
    app.get(
      '/hallOfFame',
      lobbyCall({
        summary: 'The hall of fame: net winnings of all time and of today, and stakes over 30 days',
        querystring: contract.hallOfFameQuery,
        response: contract.hallOfFameResponse,
      }),
      async (request) => ({ data: await service.hallOfFame(page(request.query), request.query.currency) }),
    );

    app.get(
      '/game-search',
      {
        ...lobbyCall({
          summary: 'Games by name (Cyrillic or Latin) and tags (at most 8), most played first',
          querystring: contract.gameSearchQuery,
          response: contract.gameSearchResponse,
        }),
        // The player is known only for their own statistic; a guest searches by the overall one.
        preHandler: async function (request, reply) {
          if (request.query.sort === '-userStatistic' && request.ctx.authToken) {
            await authenticated.call(this, request, reply);
          }
        },
        // Written from each game's JSON kept since the snapshot was loaded (catalog-json.ts).
        serializerCompiler: () => (answer) => searchAnswerJson((answer as SearchAnswer).data),
      },
      async (request) => ({ data: await service.search(request.query, request.auth?.user.id) }),
    );

    app.get(
      '/favorite-games',
      playerCall({
        summary: "The player's favourites for this device type",
        response: contract.favoriteGamesResponse,
      }),
      async (request) => ({
        data: await service.favorites(authOf(request).user.id, request.query.isMobile ?? false),
      }),
    );
    // Adding and removing favourites differ only in the verb and the service call.
    const favoriteChanges = [
      { method: 'POST', change: 'addFavorites', summary: 'Add games to the favourites' },
      { method: 'DELETE', change: 'removeFavorites', summary: 'Remove games from the favourites' },
    ] as const;
    for (const { method, change, summary } of favoriteChanges) {
      app.route({
        method,
        url: '/favorite-games',
        ...playerCall({
          summary: `${summary} of this device type (50 at most per call)`,
          body: contract.favoriteGamesBody,
          response: contract.favoriteGamesResponse,
        }),
        handler: async (request) => ({
          data: await service[change](
            authOf(request).user.id,
            request.body.game_ids,
            request.query.isMobile ?? false,
          ),
        }),
      });
    }

    pagedGames(
      '/game-catalog/sets/:set/games',
      {
        summary: 'A curated set of games (pre-game popup bonus and popular, home page promo), in order',
        params: contract.gameSetParams,
        querystring: contract.gameSetQuery,
        response: contract.gamesListResponse,
      },
      'set',
      (set, paged, isMobile) => service.setGames(set, paged, isMobile),
    );

    app.get(
      '/winners/last',
      lobbyCall({
        summary: 'The latest wins in a currency (fake and tester players never appear)',
        querystring: contract.winnersQuery,
        response: contract.winnersResponse,
      }),
      async (request) => ({ data: await service.winners(request.query.currencyType, request.query.limit) }),
    );

    // Polled by the lobby every few seconds, so never kept in the guest cache (its five minutes would
    // freeze the feed); the query is one index range (game_rounds_closed) and the names one lookup.
    app.get(
      '/winners/feed',
      routeOptions({ tags })({
        summary: 'The live feed of recent wins: settled rounds players won, names masked (ADR 050)',
        querystring: contract.winFeedQuery,
        response: contract.winFeedResponse,
      }),
      async (request) => ({ data: await service.winFeed(request.query.currencyType, request.query.limit) }),
    );

    app.get(
      '/users/self/lastGames',
      playerCall({
        summary: 'The games the player launched last, most recent first',
        querystring: contract.lastGamesQuery,
        response: contract.gamesListResponse,
      }),
      async (request) => ({
        data: await service.lastGames(authOf(request).user.id, request.query.limit, request.query.isMobile),
      }),
    );

    for (const mode of ['demo', 'real'] as const) {
      app.get(
        `/games/:id/${mode}`,
        playerCall({
          summary:
            mode === 'real'
              ? 'Launch for real money (417 with the KYC expectation for verified-only games)'
              : 'Launch in demo mode, on play money',
          params: contract.gameIdParams,
          querystring: contract.gameLaunchQuery,
          response: contract.catalogLaunchResponse,
        }),
        async (request) => ({
          data: await service.launch(
            authOf(request),
            request.params.id,
            mode,
            links(request.query, request.ctx.siteOrigin),
            request.ctx.language,
          ),
        }),
      );
    }

    // A studio's logo (ADR 050): drawn here as SVG, for the lobby's studio list and filter and the game
    // page; a studio of the catalogue without a drawn emblem gets a monogram.
    app.get(
      '/developer-logos/:file',
      {
        schema: {
          tags,
          summary: "A studio's logo as SVG, by its canonical name",
          params: z.strictObject({ file: z.string().regex(/^[a-z0-9-]{1,100}\.svg$/) }),
          hide: true,
        },
      },
      async (request, reply) => {
        const canonical = request.params.file.slice(0, -'.svg'.length);
        const developer = (await service.developers()).find((studio) => studio.canonical === canonical);
        if (!developer) throw new AppError('NOT_FOUND');
        reply.header('cache-control', 'public, max-age=86400');
        return reply.type('image/svg+xml; charset=utf-8').send(studioLogoSvg(canonical, developer.name));
      },
    );

    app.get(
      '/game-images/:file',
      {
        schema: {
          tags,
          summary:
            "A game's cover: the operator's upload as WebP, or the demo's neutral SVG, or WebP at a width (w) and quality (q)",
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
            /** An uploaded cover's version (its hash): a new upload is a new address. */
            v: z
              .string()
              .regex(/^[a-f0-9]{16}$/)
              .optional(),
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
        const uploaded = await service.uploadedCover(slug);
        if (uploaded) {
          // An operator's cover (ADR 037): WebP at the width asked, whichever extension was asked.
          const { w, q } = request.query;
          return reply.type('image/webp').send(await uploadedCoverWebp(uploaded.hash, uploaded.bytes, w, q));
        }
        if (format === 'webp') {
          const { w, q } = request.query;
          return reply.type('image/webp').send(await gameCoverWebp(slug, game.title, w, q));
        }
        return reply.type('image/svg+xml; charset=utf-8').send(gameCoverSvg(slug, game.title));
      },
    );
  };
}
