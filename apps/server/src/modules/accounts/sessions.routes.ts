import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { dataEnvelope, sessionsResponse, successResult, tokenResponse } from '@kometa/contracts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { AccountsService } from './accounts.service.ts';
import { metaOf, playerCalls, publicCall } from './route-helpers.ts';

/** The player's sessions: refresh, logout, the list of them and the end of the others. */
export function sessionsRoutes(
  service: AccountsService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const playerCall = playerCalls(authenticated);
    app.post(
      '/users/self/refreshToken',
      publicCall({
        summary: 'A new token for a live session (the old one stops working)',
        response: tokenResponse,
      }),
      async (request) => ({ data: await service.refresh(request.ctx.authToken, metaOf(request)) }),
    );
    app.post(
      '/users/self/logout',
      playerCall({ summary: 'End this session', response: dataEnvelope(successResult) }),
      async (request) => {
        await service.logout(authOf(request), metaOf(request));
        return { data: { success: true as const } };
      },
    );
    app.get(
      '/users/self/sessions',
      playerCall({ summary: 'The player’s live sessions', response: sessionsResponse }),
      async (request) => ({ data: await service.sessions(authOf(request)) }),
    );
    app.delete(
      '/users/self/sessions/others',
      playerCall({
        summary: 'End every other session',
        response: dataEnvelope(z.object({ ended: z.number().int() })),
      }),
      async (request) => ({
        data: { ended: await service.endOtherSessions(authOf(request), metaOf(request)) },
      }),
    );
  };
}
