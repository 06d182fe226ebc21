import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { commonQuery, welcomePackResponse } from '@kometa/contracts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { WelcomePackService } from './welcome-pack.service.ts';

/** The welcome pack of the player (spec §4 welcome pack modal, first-deposit banner; ADR 034). */
export function welcomePackRoutes(
  welcome: WelcomePackService,
  authenticated: preHandlerAsyncHookHandler,
  /** The player's other gifts asked for at registration, given before the pack is answered. */
  settle: (userId: number) => Promise<unknown> = async () => undefined,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/gifts/welcome-pack',
      {
        preHandler: authenticated,
        schema: {
          tags: ['gifts'],
          summary:
            'The welcome pack: its steps in order, each with its offer and the player’s gift once given',
          querystring: commonQuery,
          response: { 200: welcomePackResponse },
        },
      },
      async (request) => {
        const userId = authOf(request).user.id;
        await settle(userId);
        return { data: await welcome.pack(userId) };
      },
    );
  };
}
