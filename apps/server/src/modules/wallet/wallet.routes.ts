import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { commonQuery, walletsResponse } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { WalletService } from './wallet.service.ts';
import { authOf } from '../../platform/http/auth-guard.ts';

/** The logged-in player's wallets (also part of GET /users/self). */
export function walletRoutes(
  service: WalletService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/self/wallets',
      {
        preHandler: authenticated,
        schema: {
          tags: ['wallet'],
          summary: "The player's wallets, in minor units",
          querystring: commonQuery,
          response: { 200: walletsResponse },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        return { data: await service.wallets(user.id, user.currency as CurrencyCode) };
      },
    );
  };
}
