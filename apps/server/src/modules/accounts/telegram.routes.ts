import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  commonQuery,
  dataEnvelope,
  successResult,
  telegramLoginBody,
  telegramLoginResponse,
} from '@kometa/contracts';
import { metaOf } from './accounts.routes.ts';
import type { Authenticated } from './accounts.service.ts';
import type { TelegramService } from './telegram.service.ts';

export function telegramRoutes(
  service: TelegramService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['accounts'];
    app.post(
      '/login/telegram',
      {
        schema: {
          tags,
          summary: 'Log in with Telegram (Login Widget data or Mini App initData, at most 5 minutes old)',
          querystring: commonQuery,
          body: telegramLoginBody,
          response: { 200: telegramLoginResponse },
        },
      },
      async (request) => ({ data: await service.login(request.body, metaOf(request)) }),
    );
    app.post(
      '/users/self/telegram',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Link the Telegram identity a telegramToken names',
          querystring: commonQuery,
          body: z.strictObject({ telegramToken: z.string().max(512) }),
          response: { 200: dataEnvelope(successResult) },
        },
      },
      async (request) => {
        await service.linkWithToken((request.auth as Authenticated).user.id, request.body.telegramToken);
        return { data: { success: true as const } };
      },
    );
    app.delete(
      '/users/self/telegram',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Unlink Telegram',
          querystring: commonQuery,
          response: { 200: dataEnvelope(successResult) },
        },
      },
      async (request) => {
        await service.unlink(request.auth as Authenticated);
        return { data: { success: true as const } };
      },
    );
  };
}
