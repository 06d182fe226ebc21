import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  commonQuery,
  promotionClaimResponse,
  promotionListResponse,
  promotionParams,
  promotionResponse,
} from '@kometa/contracts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { PromotionsService } from './promotions.service.ts';

/** Promotions (spec §2.1 /actions/list): public and guest-cached; claiming needs a player. */
export function promotionsRoutes(
  promotions: PromotionsService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['promotions'];
    const cached = { guestCache: true };
    app.get(
      '/promotions',
      {
        config: cached,
        schema: {
          tags,
          summary: 'Promotions running now or soon, in the operator’s order',
          querystring: commonQuery,
          response: { 200: promotionListResponse },
        },
      },
      async () => ({ data: await promotions.list() }),
    );

    app.get(
      '/promotions/:slug',
      {
        config: cached,
        schema: {
          tags,
          summary: 'One promotion with its full text and terms',
          params: promotionParams,
          querystring: commonQuery,
          response: { 200: promotionResponse },
        },
      },
      async (request) => ({ data: await promotions.get(request.params.slug) }),
    );

    app.post(
      '/promotions/:slug/claim',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Claim a claimable promotion: its gift is offered to the player (once per period)',
          params: promotionParams,
          querystring: commonQuery,
          response: { 200: promotionClaimResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await promotions.claim(authOf(request).user.id, request.params.slug),
      }),
    );
  };
}
