import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commonQuery,
  menuParams,
  menuResponse,
  pageResponse,
  pagesQuery,
  projectImagesResponse,
  rotatorCurrentResponse,
  rotatorParams,
  rotatorQuery,
  rotatorResponse,
  rotatorSlugsResponse,
} from '@kometa/contracts';
import type { FastifyRequest } from 'fastify';
import type { ContentService, Viewer } from './content.service.ts';
import type { ContentAdminService } from './content-admin.service.ts';
import { AppError } from '../../platform/http/app-error.ts';

function viewerOf(request: FastifyRequest, query: { isMobile?: boolean | undefined }): Viewer {
  return { isGuest: request.ctx.authToken === null, isMobile: query.isMobile ?? false };
}

const pageParams = z.strictObject({ '*': z.string().max(1024) });

export function contentRoutes(service: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    const cached = { guestCache: true };
    app.get(
      '/content/images',
      {
        config: cached,
        schema: {
          tags: ['content'],
          summary: 'Project images (logo, background)',
          querystring: commonQuery,
          response: { 200: projectImagesResponse },
        },
      },
      async () => ({ data: await service.images() }),
    );
    app.get(
      '/menu/:id',
      {
        config: cached,
        schema: {
          tags: ['content'],
          summary: 'A menu by id',
          params: menuParams,
          querystring: commonQuery,
          response: { 200: menuResponse },
        },
      },
      async (request) => ({ data: await service.menu(request.params.id) }),
    );
    app.get(
      '/pages/*',
      {
        config: cached,
        schema: {
          tags: ['content'],
          summary: 'SEO data and redirect of a path (identifier without leading slash; seo_main for home)',
          params: pageParams,
          querystring: pagesQuery,
          response: { 200: pageResponse },
        },
      },
      async (request) => ({ data: await service.page(request.params['*'], request.ctx.siteDomain) }),
    );
    app.get(
      '/rotator-slugs',
      {
        config: cached,
        schema: {
          tags: ['content'],
          summary: 'Rotator slots with live slides',
          querystring: commonQuery,
          response: { 200: rotatorSlugsResponse },
        },
      },
      async () => ({ data: await service.activeSlots() }),
    );
    app.get(
      '/rotator/:slug/current',
      {
        config: cached,
        schema: {
          tags: ['content'],
          summary: 'The slide to show now in a slot',
          params: rotatorParams,
          querystring: rotatorQuery,
          response: { 200: rotatorCurrentResponse },
        },
      },
      async (request) => ({
        data: await service.currentSlide(request.params.slug, viewerOf(request, request.query)),
      }),
    );
    app.get(
      '/rotator/:slug',
      {
        config: cached,
        schema: {
          tags: ['content'],
          summary: 'Every live slide of a slot',
          params: rotatorParams,
          querystring: rotatorQuery,
          response: { 200: rotatorResponse },
        },
      },
      async (request) => ({
        data: await service.slides(request.params.slug, viewerOf(request, request.query)),
      }),
    );
  };
}

const mediaParams = z.strictObject({ name: z.string().regex(/^[0-9a-f]{32}\.(png|jpg|webp)$/) });

/**
 * Uploaded images (ADR 038) at /media/uploads/{hash}.{ext}: the name is the content's hash, so an
 * answer never changes and is cached for a year; the type is the one found in the bytes, never sniffed.
 */
export function mediaRoutes(service: ContentAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/uploads/:name',
      {
        config: { signatureExempt: true },
        schema: { tags: ['content'], summary: 'An uploaded image', params: mediaParams, hide: true },
      },
      async (request, reply) => {
        const media = await service.media(request.params.name);
        if (!media) throw new AppError('NOT_FOUND');
        return reply
          .type(media.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(media.bytes);
      },
    );
  };
}
