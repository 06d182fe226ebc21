import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { dataEnvelope, successResult, telegramLoginBody, telegramLoginResponse } from '@kometa/contracts';
import { metaOf, playerCalls, publicCall } from '../route-helpers.ts';
import type { Authenticated } from '../accounts.service.ts';
import type { TelegramService } from './telegram.service.ts';

export function telegramRoutes(
  service: TelegramService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const playerCall = playerCalls(authenticated);
    app.post(
      '/login/telegram',
      publicCall({
        summary: 'Log in with Telegram (Login Widget data or Mini App initData, at most 5 minutes old)',
        body: telegramLoginBody,
        response: telegramLoginResponse,
      }),
      async (request) => ({ data: await service.login(request.body, metaOf(request)) }),
    );
    app.post(
      '/users/self/telegram',
      playerCall({
        summary: 'Link the Telegram identity a telegramToken names',
        body: z.strictObject({ telegramToken: z.string().max(512) }),
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        await service.linkWithToken((request.auth as Authenticated).user.id, request.body.telegramToken);
        return { data: { success: true as const } };
      },
    );
    app.delete(
      '/users/self/telegram',
      playerCall({ summary: 'Unlink Telegram', response: dataEnvelope(successResult) }),
      async (request) => {
        await service.unlink(request.auth as Authenticated);
        return { data: { success: true as const } };
      },
    );
  };
}
