import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmationSentResponse,
  confirmPhoneBody,
  dataEnvelope,
  emailConfirmationParams,
  phoneFormBody,
  phoneFormParams,
  successResult,
} from '@kometa/contracts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { metaOf, playerCalls, publicCall } from './route-helpers.ts';
import type { ConfirmationService } from './confirmation.service.ts';
import { authOf } from '../../platform/http/auth-guard.ts';

export function confirmationRoutes(
  service: ConfirmationService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const playerCall = playerCalls(authenticated);
    const auth = authOf;
    app.post(
      '/users/self/requestConfirm',
      playerCall({
        summary: 'Send the e-mail confirmation link (wait 300 s between requests: code 39 with ttl)',
        response: confirmationSentResponse,
      }),
      async (request) => ({
        data: { success: true as const, ttl: await service.requestEmail(auth(request), metaOf(request)) },
      }),
    );
    app.post(
      '/email-confirmation/confirm/:token',
      publicCall({
        summary: 'Confirm the e-mail with the link token',
        params: emailConfirmationParams,
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        await service.confirmEmail(request.params.token, metaOf(request));
        return { data: { success: true as const } };
      },
    );
    app.post(
      '/users/self/confirmPhone',
      playerCall({
        summary: 'Send the phone confirmation code (wait 60 s between requests: code 40 with ttl)',
        response: confirmationSentResponse,
      }),
      async (request) => ({
        data: { success: true as const, ttl: await service.requestPhone(auth(request), metaOf(request)) },
      }),
    );
    app.post(
      '/forms/:id/phone',
      playerCall({
        summary:
          'The phone form of a gift: the phone kept on the account (unless one is confirmed) and its code sent',
        params: phoneFormParams,
        body: phoneFormBody,
        response: confirmationSentResponse,
      }),
      async (request) => ({
        data: {
          success: true as const,
          ttl: await service.requestPhoneFor(auth(request), request.body.phone, metaOf(request)),
        },
      }),
    );
    app.put(
      '/users/self/confirmPhone',
      playerCall({
        summary: 'Confirm the phone with the SMS code',
        body: confirmPhoneBody,
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        await service.confirmPhone(auth(request), request.body.code, metaOf(request));
        return { data: { success: true as const } };
      },
    );
  };
}
