import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { appGiftBody, appGiftResponse, commonQuery, extendsProfileGiftsResponse } from '@kometa/contracts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { GiftsService } from './gifts.service.ts';
import type { OccasionGiftsService } from './occasion-gifts.service.ts';

/**
 * The app gift (spec "app user gift"; ADR 034) and the extended-profile gift's list (ADR 040). The
 * phone gift needs no call of its own.
 */
export function occasionGiftsRoutes(
  occasions: OccasionGiftsService,
  gifts: GiftsService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/gifts/extendsProfileGiftsList',
      {
        preHandler: authenticated,
        schema: {
          tags: ['gifts'],
          summary: 'The gifts a completed extended profile gives (the popup shows the first one)',
          querystring: commonQuery,
          response: { 200: extendsProfileGiftsResponse },
        },
      },
      async (request) => ({ data: await occasions.extendedProfileGifts(authOf(request).user.id) }),
    );
    app.post(
      '/gifts/app',
      {
        preHandler: authenticated,
        schema: {
          tags: ['gifts'],
          summary:
            'The first login from the installed app: its gift, given once (null: none for this player)',
          querystring: commonQuery,
          body: appGiftBody,
          response: { 200: appGiftResponse },
        },
      },
      async (request) => {
        const userId = authOf(request).user.id;
        const giftId = await occasions.appLogin(userId);
        return { data: giftId === null ? null : await gifts.get(userId, giftId) };
      },
    );
  };
}
