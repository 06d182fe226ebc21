import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  commonQuery,
  hitBody,
  hitResponse,
  trackResponse,
  webhookBody,
  webhookParams,
  webhookResponse,
} from '@kometa/contracts';
import type { RequestMeta, TrackingService } from './tracking.service.ts';

function metaOf(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    ip: request.ip,
    authToken: request.ctx.authToken,
  };
}

export function trackingRoutes(service: TrackingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/track',
      {
        schema: {
          tags: ['tracking'],
          summary: 'A new track id for single sign-on',
          querystring: commonQuery,
          response: { 200: trackResponse },
        },
      },
      async () => ({ data: { track_id: service.issueTrackId() } }),
    );
    app.post(
      '/webhook/:eventType',
      {
        schema: {
          tags: ['tracking'],
          summary: 'A client analytics event (JSON, or text/plain JSON from sendBeacon)',
          params: webhookParams,
          querystring: commonQuery,
          body: webhookBody,
          response: { 200: webhookResponse },
        },
      },
      async (request) => {
        await service.recordEvent(request.params.eventType, request.body, metaOf(request));
        return { data: { success: true as const } };
      },
    );
    app.post(
      '/hits',
      {
        schema: {
          tags: ['tracking'],
          summary: 'A page hit, posted as a form',
          querystring: commonQuery,
          body: hitBody,
          response: { 200: hitResponse },
        },
      },
      async (request) => {
        await service.recordHit(request.body, metaOf(request));
        return { data: { success: true as const } };
      },
    );
  };
}
