import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import replyFrom from '@fastify/reply-from';
import compress from '@fastify/compress';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { readCookie, TOKEN_COOKIE, WEB_CLIENT_HEADER, tokenCookie } from '../app/lib/session-cookie.ts';
import { sessionMarker } from '../app/lib/session-marker.server.ts';
import { toSitePath } from '../app/lib/site-path.ts';
import { isApiPath, isSessionCall } from './api-paths.ts';
import type { HostConfig } from './config.ts';

/** Headers of one hop only, or describing a body this host re-encodes: never passed along. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'accept-encoding',
  'upgrade',
]);

/** React Router's handler over the built site. */
async function serverRenderer(buildDir: string): Promise<(request: Request) => Promise<Response>> {
  const build = (await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  return (request) => handle(request);
}

/**
 * What this host tells the API of the visitor, replacing whatever the visitor wrote: their address,
 * and the site address they are on (the API builds links back to the site on it when it is one of the
 * operator's domains; ADR 041).
 */
function visitorHeaders(request: FastifyRequest): Record<string, string> {
  return {
    'x-forwarded-for': request.ip,
    'x-forwarded-host': request.host,
    'x-forwarded-proto': request.protocol,
  };
}

/** The visitor's headers (less `skip`), with what this host saw as the only forwarded ones. */
function forwardedHeaders(request: FastifyRequest, skip: ReadonlySet<string> = new Set()): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || skip.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  for (const [name, value] of Object.entries(visitorHeaders(request))) headers.set(name, value);
  return headers;
}

/** The request as React Router's handler takes it (a Fetch API Request). */
function fetchRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = forwardedHeaders(request);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    // Node's fetch streams a request body only in half-duplex mode.
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The site host (ADR 022): the built assets, the API's paths passed to the API process, and every
 * other path rendered by React Router on the server. Trailing slashes are removed with a 301 (§2.2).
 */
export async function buildHost(
  config: HostConfig,
  options: { render?: (request: Request) => Promise<Response> } = {},
): Promise<FastifyInstance> {
  const handle = options.render ?? (await serverRenderer(config.buildDir));
  // The visitor's address is the socket's, or what the configured proxies in front say (ADR 024).
  const app = Fastify({ logger: false, trustProxy: config.trustProxy, bodyLimit: 1024 * 1024 });

  // Pages, assets and the API's answers go out compressed (brotli or gzip, as the browser accepts).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(replyFrom, { base: config.apiUpstream, undici: { connections: 64, pipelining: 1 } });
  await app.register(fastifyStatic, {
    root: join(config.buildDir, 'client'),
    prefix: '/assets-root/',
    wildcard: false,
    serve: false,
  });

  // The API's requests are passed on untouched (bodies as streams), with the visitor's address as this
  // host saw it: whatever X-Forwarded-For the visitor wrote is replaced, never appended to, so the API
  // (trusting exactly one hop, this host) cannot be told another address (ADR 024).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // What every answer of the site carries (ADR 024): no sniffing, no framing by other sites, no
  // address leaked to other origins, HTTPS remembered, no powerful features asked for.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', "frame-ancestors 'self'; base-uri 'self'; object-src 'none'");
  });

  /**
   * A call of the site's browser client that opens, renews or ends the session (ADR 026): passed to
   * the API with the session from the cookie, and its answer's token kept in the HttpOnly cookie, the
   * browser getting only a marker of it; a logout, or a refresh the API refused, removes the cookie.
   */
  async function sessionCall(request: FastifyRequest, reply: FastifyReply, session: string | null) {
    const chunks: Buffer[] = [];
    if (request.method !== 'GET' && request.method !== 'HEAD')
      for await (const chunk of request.body as AsyncIterable<Buffer>) chunks.push(chunk);
    const headers = forwardedHeaders(request, HOP_HEADERS);
    if (session) headers.set('auth-token', session);
    const answer = await fetch(`${config.apiUpstream}${request.url}`, {
      method: request.method,
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    let body = await answer.text();
    const path = request.url.split('?')[0] ?? '';
    const cookie = (token: string | null) =>
      tokenCookie(token, request.protocol === 'https', config.sessionMaxAgeSeconds);
    if (path.endsWith('/users/self/logout') || (path.endsWith('/refreshToken') && answer.status === 401)) {
      reply.header('set-cookie', cookie(null));
    } else if (answer.status === 200 && answer.headers.get('content-type')?.includes('json')) {
      const json = JSON.parse(body) as { data?: { token?: unknown } };
      if (json.data && typeof json.data.token === 'string' && json.data.token) {
        reply.header('set-cookie', cookie(json.data.token));
        json.data.token = sessionMarker(json.data.token);
        body = JSON.stringify(json);
      }
    }
    answer.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name) && name !== 'set-cookie') reply.header(name, value);
    });
    return reply.status(answer.status).send(body);
  }

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (isApiPath(path)) {
        // The site's own browser client holds no token (ADR 026): its calls get the session from the
        // HttpOnly cookie here. Other callers (apps, providers) send their own Auth-Token.
        const session =
          request.headers[WEB_CLIENT_HEADER] === undefined
            ? null
            : readCookie(request.headers.cookie, TOKEN_COOKIE);
        if (request.headers[WEB_CLIENT_HEADER] !== undefined && isSessionCall(path))
          return sessionCall(request, reply, session);
        return reply.from(request.url, {
          rewriteRequestHeaders: (_req, headers) => ({
            ...headers,
            ...visitorHeaders(request),
            ...(session ? { 'auth-token': session } : {}),
          }),
        });
      }
      if (path.startsWith('/assets/')) {
        // Built files carry their hash in their name: cached for a year.
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return reply.sendFile(path.slice(1), join(config.buildDir, 'client'));
      }
      if (path.length > 1 && path.endsWith('/')) {
        const query = request.url.slice(path.length);
        return reply.redirect(toSitePath(path.replace(/\/+$/, '') + query), 301);
      }
      if (/^\/[\w.-]+\.(ico|png|svg|webmanifest|txt|webp)$/.test(path)) {
        return reply.sendFile(path.slice(1), join(config.buildDir, 'client'));
      }
      const response = await handle(fetchRequest(request));
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      // A signed-in page is the player's alone: never stored by a browser's or a proxy's cache.
      if (readCookie(request.headers.cookie, TOKEN_COOKIE)) {
        reply.header('cache-control', 'private, no-store');
        reply.header('vary', 'Cookie');
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as WebReadableStream));
    },
  });
  return app;
}
