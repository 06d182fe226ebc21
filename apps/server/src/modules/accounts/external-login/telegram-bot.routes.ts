import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TelegramMessage, loginTokenResponse } from '@kometa/contracts';
import { AppError } from '../../../platform/http/app-error.ts';
import { metaOf } from '../route-helpers.ts';
import type { TelegramService } from './telegram.service.ts';
import type { TokenLoginService } from './token-login.service.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The messenger flow's tg_token (spec §4): the operator's bot backend, authenticated with
 * `Authorization: Bearer TELEGRAM_BOT_API_SECRET`, asks for a one-time login token for a linked Telegram
 * player and puts it in the link it sends (`?tg_token=`); the site exchanges it with POST /login/token.
 * Server to server, so exempt from the site's request signature. Absent without the secret.
 */
export function telegramBotRoutes(deps: {
  telegram: TelegramService;
  tokenLogin: TokenLoginService;
  apiSecret: string | undefined;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const secret = deps.apiSecret;
    if (!secret) return;
    app.post(
      '/telegram/bot/login-token',
      {
        config: { signatureExempt: true },
        schema: {
          tags: ['accounts'],
          summary: 'For the operator’s bot: a one-time tg_token for a linked Telegram player',
          body: z.strictObject({ telegramId: z.number().int().positive() }),
          response: { 200: loginTokenResponse },
        },
      },
      async (request) => {
        const given = request.headers.authorization ?? '';
        if (!timingSafeEqual(digest(given), digest(`Bearer ${secret}`))) throw new AppError('AUTHENTICATION');
        const userId = await deps.telegram.linkedUser(request.body.telegramId);
        if (userId === undefined) {
          throw new AppError('VALIDATION_ERROR', { fields: { telegramId: TelegramMessage.notLinked } });
        }
        return { data: await deps.tokenLogin.issueFor(userId, metaOf(request)) };
      },
    );
  };
}
