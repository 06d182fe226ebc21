import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonQuery, settingsResponse } from '@kometa/contracts';
import type { SettingsService } from './settings.service.ts';

export function settingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings',
      {
        config: { guestCache: true },
        schema: {
          tags: ['settings'],
          summary: 'Public operator settings',
          querystring: commonQuery,
          response: { 200: settingsResponse },
        },
      },
      async () => ({ data: await service.list() }),
    );
  };
}
