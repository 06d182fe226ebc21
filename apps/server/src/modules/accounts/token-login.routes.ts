import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { commonQuery, loginByTokenBody, loginTokenResponse, tokenResponse } from '@kometa/contracts';
import { metaOf } from './accounts.routes.ts';
import type { Authenticated } from './accounts.service.ts';
import type { TokenLoginService } from './token-login.service.ts';

export function tokenLoginRoutes(
  service: TokenLoginService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['accounts'];
    app.post(
      '/users/self/loginToken',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'A one-time login token (2 minutes) for a link’s auth parameter',
          querystring: commonQuery,
          response: { 200: loginTokenResponse },
        },
      },
      async (request) => ({ data: await service.issue(request.auth as Authenticated, metaOf(request)) }),
    );
    app.post(
      '/login/token',
      {
        schema: {
          tags,
          summary: 'Exchange a one-time login token (the auth parameter) for a session token',
          querystring: commonQuery,
          body: loginByTokenBody,
          response: { 200: tokenResponse },
        },
      },
      async (request) => ({ data: await service.exchange(request.body.token, metaOf(request)) }),
    );
  };
}
