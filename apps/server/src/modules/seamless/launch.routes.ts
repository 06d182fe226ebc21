import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { commonQuery, dataEnvelope, gameLaunchBody } from '@kometa/contracts';
import { currencyCode } from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { authOf } from '../accounts/index.ts';
import type { GameSessions } from './game-sessions.ts';

const launchResponse = dataEnvelope(
  z.object({ url: z.string(), token: z.string(), expiresAt: z.number().int(), currency: currencyCode }),
);

/** Launching a game (spec §4 game launch): a provider session and the address the game frame opens. */
export function launchRoutes(deps: {
  sessions: GameSessions;
  launchUrls: Map<string, string>;
  authenticated: preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/games/:provider/:code/launch',
      {
        preHandler: deps.authenticated,
        schema: {
          tags: ['games'],
          summary: 'Launch a game for real money or in demo mode (417 kyc-verified for verified-only games)',
          querystring: commonQuery,
          params: z.strictObject({
            provider: z.string().regex(/^[a-z0-9_-]{1,32}$/),
            code: z.string().regex(/^[a-z0-9_-]{1,64}$/),
          }),
          body: gameLaunchBody,
          response: { 200: launchResponse },
        },
      },
      async (request) => {
        const { provider, code } = request.params;
        const template = deps.launchUrls.get(provider);
        if (!template) throw new AppError('NOT_FOUND');
        const mode = request.body.mode;
        const session = await deps.sessions.launch(authOf(request), provider, code, mode);
        const url = template
          .replace('{game}', encodeURIComponent(code))
          .replace('{token}', encodeURIComponent(session.token))
          .replace('{mode}', mode)
          .replace('{lang}', request.ctx.language);
        return { data: { url, ...session } };
      },
    );
  };
}
