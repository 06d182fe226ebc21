import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { loginByTokenBody, loginTokenResponse, tokenResponse } from '@kometa/contracts';
import { metaOf, playerCalls, publicCall } from '../route-helpers.ts';
import type { Authenticated } from '../accounts.service.ts';
import type { TokenLoginService } from './token-login.service.ts';

export function tokenLoginRoutes(
  service: TokenLoginService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const playerCall = playerCalls(authenticated);
    app.post(
      '/users/self/loginToken',
      playerCall({
        summary: 'A one-time login token (2 minutes) for a link’s auth parameter',
        response: loginTokenResponse,
      }),
      async (request) => ({ data: await service.issue(request.auth as Authenticated, metaOf(request)) }),
    );
    app.post(
      '/login/token',
      publicCall({
        summary: 'Exchange a one-time login token (the auth parameter) for a session token',
        body: loginByTokenBody,
        response: tokenResponse,
      }),
      async (request) => ({ data: await service.exchange(request.body.token, metaOf(request)) }),
    );
  };
}
