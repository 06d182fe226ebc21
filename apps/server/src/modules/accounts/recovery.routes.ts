import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commonQuery,
  dataEnvelope,
  resetBody,
  resetParams,
  resetRequestBody,
  resetRequestResponse,
  successResult,
} from '@kometa/contracts';
import { metaOf } from './accounts.routes.ts';
import type { RecoveryService } from './recovery.service.ts';

export function recoveryRoutes(service: RecoveryService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['accounts'];
    app.post(
      '/resetting/request',
      {
        schema: {
          tags,
          summary:
            'Ask for a password reset: a link by e-mail or a code by SMS (the answer never tells whether an account exists)',
          querystring: commonQuery,
          body: resetRequestBody,
          response: { 200: resetRequestResponse },
        },
      },
      async (request) => ({
        data: { success: true as const, channel: await service.request(request.body, metaOf(request)) },
      }),
    );
    app.post(
      '/resetting/reset/:token',
      {
        schema: {
          tags,
          summary: 'Set a new password with the link token (or the SMS code and phone); ends every session',
          params: resetParams,
          querystring: commonQuery,
          body: resetBody,
          response: { 200: dataEnvelope(successResult) },
        },
      },
      async (request) => {
        await service.reset(request.params.token, request.body, metaOf(request));
        return { data: { success: true as const } };
      },
    );
  };
}
