import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  giftActionResponse,
  giftCurrencyQuery,
  giftIdParams,
  giftListResponse,
  giftResponse,
  giftsQuery,
  commonQuery,
  promoCodeBody,
  withdrawalBonusPreviewResponse,
} from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { GiftsService } from './gifts.service.ts';
import type { PromoCodesService } from './promo-codes.service.ts';

/** The player's gifts (spec §2.1 /gifts, /gifts/promo; §7 /gifts/self/{id}). */
export function giftsRoutes(
  gifts: GiftsService,
  promo: PromoCodesService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['gifts'];
    app.get(
      '/gifts/self',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'The player’s gifts: offered (to take), current (waiting or wagering), or history',
          querystring: giftsQuery,
          response: { 200: giftListResponse },
        },
      },
      async (request) => ({ data: await gifts.list(authOf(request).user.id, request.query.state) }),
    );

    app.get(
      '/gifts/withdrawal-preview',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary:
            'What a withdrawal now keeps and forfeits of the bonus wagering (same code as the withdrawal)',
          querystring: giftCurrencyQuery,
          response: { 200: withdrawalBonusPreviewResponse },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        const currency = (request.query.currency ?? user.currency) as CurrencyCode;
        return { data: await gifts.withdrawalPreview(user.id, currency) };
      },
    );

    app.get(
      '/gifts/self/:id',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'One gift with its full terms',
          params: giftIdParams,
          querystring: commonQuery,
          response: { 200: giftResponse },
        },
      },
      async (request) => ({ data: await gifts.get(authOf(request).user.id, request.params.id) }),
    );

    app.post(
      '/gifts/self/:id',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary:
            'Take a gift: bonus money is credited and starts wagering; a deposit bonus waits for a deposit',
          params: giftIdParams,
          querystring: commonQuery,
          response: { 200: giftActionResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await gifts.take(authOf(request).user.id, request.params.id),
      }),
    );

    app.post(
      '/gifts/self/:id/cancel',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Give up a gift: its bonus balance returns to the casino; real money is never touched',
          params: giftIdParams,
          querystring: commonQuery,
          response: { 200: giftActionResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await gifts.cancel(authOf(request).user.id, request.params.id, 'player'),
      }),
    );

    app.post(
      '/gifts/promo',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Redeem a promo code: its gift is offered to the player',
          querystring: commonQuery,
          body: promoCodeBody,
          response: { 200: giftActionResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await promo.redeem(authOf(request).user.id, request.body.code),
      }),
    );
  };
}
