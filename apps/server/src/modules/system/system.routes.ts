import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonQuery, currenciesResponse, mobappVersionResponse, timeResponse } from '@kometa/contracts';
import type { SystemService } from './system.service.ts';

/** Calls under /api/v18. */
export function systemRoutes(service: SystemService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/time',
      {
        config: { signatureExempt: true },
        schema: {
          tags: ['system'],
          summary: 'Server time in unix seconds',
          querystring: commonQuery,
          response: { 200: timeResponse },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return { data: service.serverTimeSeconds() };
      },
    );
    app.get(
      '/currencies',
      {
        config: { guestCache: true },
        schema: {
          tags: ['system'],
          summary: 'Currencies',
          querystring: commonQuery,
          response: { 200: currenciesResponse },
        },
      },
      async () => ({ data: service.currencies() }),
    );
  };
}

/** GET /mobapp/version lives outside the versioned prefix (spec §7). */
export function mobappRoutes(service: SystemService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/mobapp/version',
      {
        config: { guestCache: true, signatureExempt: true },
        schema: {
          tags: ['system'],
          summary: 'Mobile app version',
          querystring: commonQuery,
          response: { 200: mobappVersionResponse },
        },
      },
      async () => ({ data: await service.mobileAppVersion() }),
    );
  };
}
