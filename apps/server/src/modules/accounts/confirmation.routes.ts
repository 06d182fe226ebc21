import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commonQuery,
  confirmationSentResponse,
  confirmPhoneBody,
  dataEnvelope,
  emailConfirmationParams,
  successResult,
} from '@kometa/contracts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { metaOf } from './accounts.routes.ts';
import type { ConfirmationService } from './confirmation.service.ts';
import type { Authenticated } from './accounts.service.ts';

export function confirmationRoutes(
  service: ConfirmationService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['accounts'];
    const auth = (request: { auth?: Authenticated }) => {
      if (!request.auth) throw new Error('route is missing requireUser');
      return request.auth;
    };
    app.post(
      '/users/self/requestConfirm',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Send the e-mail confirmation link (wait 300 s between requests: code 39 with ttl)',
          querystring: commonQuery,
          response: { 200: confirmationSentResponse },
        },
      },
      async (request) => ({
        data: { success: true as const, ttl: await service.requestEmail(auth(request), metaOf(request)) },
      }),
    );
    app.post(
      '/email-confirmation/confirm/:token',
      {
        schema: {
          tags,
          summary: 'Confirm the e-mail with the link token',
          params: emailConfirmationParams,
          querystring: commonQuery,
          response: { 200: dataEnvelope(successResult) },
        },
      },
      async (request) => {
        await service.confirmEmail(request.params.token, metaOf(request));
        return { data: { success: true as const } };
      },
    );
    app.post(
      '/users/self/confirmPhone',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Send the phone confirmation code (wait 60 s between requests: code 40 with ttl)',
          querystring: commonQuery,
          response: { 200: confirmationSentResponse },
        },
      },
      async (request) => ({
        data: { success: true as const, ttl: await service.requestPhone(auth(request), metaOf(request)) },
      }),
    );
    app.put(
      '/users/self/confirmPhone',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'Confirm the phone with the SMS code',
          querystring: commonQuery,
          body: confirmPhoneBody,
          response: { 200: dataEnvelope(successResult) },
        },
      },
      async (request) => {
        await service.confirmPhone(auth(request), request.body.code, metaOf(request));
        return { data: { success: true as const } };
      },
    );
  };
}
