import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  commonQuery,
  exchangeBody,
  exchangeRatesResponse,
  exchangeResponse,
  pointsExchangeBody,
} from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key.ts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { ExchangeService } from './exchange.service.ts';

/** The exchanger (/payment/exchanger) and the points exchange. */
export function exchangeRoutes(
  service: ExchangeService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['wallet'];
    app.get(
      '/payments/exchange/rates',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Roubles per unit of each currency the player may exchange between',
          querystring: commonQuery,
          response: { 200: exchangeRatesResponse },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        const rates = await service.rates({ id: user.id, currency: user.currency as CurrencyCode });
        return { data: { base: 'RUB' as const, rates } };
      },
    );
    app.post(
      '/payments/exchange',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary:
            "Exchange between the player's currencies (rounded down; Idempotency-Key makes retries safe)",
          querystring: commonQuery,
          body: exchangeBody,
          response: { 200: exchangeResponse },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        return {
          data: await service.exchange(
            { id: user.id, currency: user.currency as CurrencyCode },
            request.body,
            idempotencyKeyOf(request),
          ),
        };
      },
    );
    app.post(
      '/payments/points-exchange',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Exchange points for money in the main currency',
          querystring: commonQuery,
          body: pointsExchangeBody,
          response: { 200: exchangeResponse },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        return {
          data: await service.exchangePoints(
            { id: user.id, currency: user.currency as CurrencyCode },
            request.body.amount,
            idempotencyKeyOf(request),
          ),
        };
      },
    );
  };
}
