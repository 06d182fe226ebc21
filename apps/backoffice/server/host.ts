import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import replyFrom from '@fastify/reply-from';
import type { BackofficeHostConfig } from './config.ts';

/** The request headers an operator call needs; everything else (the edge's country header…) stays here. */
const PASSED_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'cookie',
  'user-agent',
  'origin',
  'x-kometa-csrf',
  'sec-fetch-site',
  'sec-fetch-mode',
];

/**
 * The back office's host (ADR 028): the built single-page app, and /api/admin/* passed to the API
 * with the operator's address as this host saw it (X-Forwarded-For replaced, never appended; the API
 * trusts exactly this hop). Its own origin, so the operator's cookie never meets the player site's
 * scripts, and a policy that runs only this app's own scripts.
 */
export async function buildBackofficeHost(config: BackofficeHostConfig): Promise<FastifyInstance> {
  if (!existsSync(join(config.distDir, 'index.html'))) {
    throw new Error(`the back office is not built (${config.distDir}): npm run build -w @kometa/backoffice`);
  }
  const app = Fastify({ logger: false, trustProxy: config.trustProxy, bodyLimit: 2 * 1024 * 1024 });
  await app.register(replyFrom, { base: config.apiUpstream });
  await app.register(fastifyStatic, { root: config.distDir, wildcard: false, serve: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    reply.header(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
    );
  });

  app.get('/healthz', async () => ({ ok: true }));
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url: '/api/admin/*',
    handler: (request, reply) =>
      reply.from(request.url, {
        rewriteRequestHeaders: (_req, headers) => {
          const passed: Record<string, string> = {};
          for (const name of PASSED_HEADERS) {
            const value = headers[name];
            if (typeof value === 'string') passed[name] = value;
          }
          if (typeof headers['content-length'] === 'string')
            passed['content-length'] = headers['content-length'];
          return { ...passed, 'x-forwarded-for': request.ip };
        },
      }),
  });
  // Uploaded images (ADR 038), for the content screens' previews: read-only, from the API.
  app.get('/media/*', (request, reply) => reply.from(request.url, { rewriteRequestHeaders: () => ({}) }));
  // Game covers, public images of the player API: the games screens show them (ADR 037). Nothing
  // of the operator's goes with them.
  app.get('/api/v18/game-images/*', (request, reply) =>
    reply.from(request.url, { rewriteRequestHeaders: () => ({ accept: 'image/webp,image/*' }) }),
  );
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/assets/')) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path.slice(1));
    }
    if (path.startsWith('/api/'))
      return reply.code(404).send({ error: { code: 1000, message: 'errors.not_found' } });
    // Every other path is a screen of the app: its one document, never cached.
    reply.header('cache-control', 'no-store');
    return reply.sendFile('index.html');
  });
  return app;
}
