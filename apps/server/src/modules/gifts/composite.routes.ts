import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  commonQuery,
  compositeListResponse,
  compositeSelectBody,
  compositeSelectResponse,
  giftIdParams,
} from '@kometa/contracts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { CompositeGiftsService } from './composite-gifts.service.ts';

/** Composite gifts (spec §7 /gifts/composite/self/*): the player's "наборы" and their choice. */
export function compositeRoutes(
  composites: CompositeGiftsService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['gifts'];
    app.get(
      '/gifts/composite/self/available',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Composite gifts waiting for the player to choose their items',
          querystring: commonQuery,
          response: { 200: compositeListResponse },
        },
      },
      async (request) => ({ data: await composites.available(authOf(request).user.id) }),
    );

    app.get(
      '/gifts/composite/self/used',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Composite gifts the player has chosen from, with the items chosen',
          querystring: commonQuery,
          response: { 200: compositeListResponse },
        },
      },
      async (request) => ({ data: await composites.used(authOf(request).user.id) }),
    );

    app.post(
      '/gifts/composite/self/:id/select',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Choose the items of a composite gift: one gift per item is offered to the player, once',
          params: giftIdParams,
          querystring: commonQuery,
          body: compositeSelectBody,
          response: { 200: compositeSelectResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await composites.select(
          authOf(request).user.id,
          request.params.id,
          request.body.selected_gift_ids,
        ),
      }),
    );
  };
}
