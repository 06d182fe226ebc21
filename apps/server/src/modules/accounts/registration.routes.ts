import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrationBody, registrationResponse, TelegramMessage } from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AccountsService } from './accounts.service.ts';
import type { ConfirmationService } from './confirmation.service.ts';
import type { OAuthService } from './external-login/oauth.service.ts';
import type { TelegramService } from './external-login/telegram.service.ts';
import { metaOf, publicCall } from './route-helpers.ts';

export function registrationRoutes(deps: {
  service: AccountsService;
  confirmation: ConfirmationService;
  telegram: TelegramService;
  oauth: OAuthService;
}): FastifyPluginAsyncZod {
  const { service, confirmation, telegram, oauth } = deps;
  return async (app) => {
    app.post(
      '/registration',
      publicCall({
        summary: 'Register by e-mail or phone; logs the player in',
        body: registrationBody,
        response: registrationResponse,
      }),
      async (request) => {
        // A telegramToken (from POST /login/telegram) is checked before the account exists, linked after.
        // So is an oauthToken (from POST /lookup/oauth).
        const { telegramToken, oauthToken } = request.body;
        if (telegramToken !== undefined && !telegram.readLinkToken(telegramToken)) {
          throw new AppError('VALIDATION_ERROR', { fields: { telegramToken: TelegramMessage.invalid } });
        }
        if (oauthToken !== undefined) oauth.checkLinkToken(oauthToken);
        const meta = metaOf(request);
        const { token, user, promoCode } = await service.register(request.body, meta);
        if (telegramToken !== undefined) await telegram.linkWithToken(user.id, telegramToken);
        if (oauthToken !== undefined) await oauth.linkWithToken(user.id, oauthToken, meta);
        // Registered by e-mail: the confirmation link is sent at once (spec §4 confirm e-mail popup).
        await confirmation.afterRegistration(user, meta);
        return { data: { token, ...(promoCode ? { promoCode } : {}) } };
      },
    );
  };
}
