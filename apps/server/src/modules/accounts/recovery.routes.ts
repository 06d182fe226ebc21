import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  resetBody,
  resetParams,
  resetRequestBody,
  resetRequestResponse,
  successResult,
} from '@kometa/contracts';
import { metaOf, publicCall } from './route-helpers.ts';
import type { RecoveryService } from './recovery.service.ts';

export function recoveryRoutes(service: RecoveryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/resetting/request',
      publicCall({
        summary:
          'Ask for a password reset: a link by e-mail or a code by SMS (the answer never tells whether an account exists)',
        body: resetRequestBody,
        response: resetRequestResponse,
      }),
      async (request) => ({
        data: { success: true as const, channel: await service.request(request.body, metaOf(request)) },
      }),
    );
    app.post(
      '/resetting/reset/:token',
      publicCall({
        summary: 'Set a new password with the link token (or the SMS code and phone); ends every session',
        params: resetParams,
        body: resetBody,
        response: dataEnvelope(successResult),
      }),
      async (request) => {
        await service.reset(request.params.token, request.body, metaOf(request));
        return { data: { success: true as const } };
      },
    );
  };
}
