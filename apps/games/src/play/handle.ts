import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callQuery } from '../ui/first-calls.ts';
import { gameMessagesRu } from '../ui/messages.ru.ts';
import { PlayRefused } from './money.ts';
import { frameQuery } from './play.contracts.ts';
import { IllegalMove, RoundConflict } from './blackjack.service.ts';
import { SessionRefused, type PlaySession, type PlaySessions } from './sessions.ts';

export class InvalidChoice extends Error {
  override name = 'InvalidChoice';
}

export function fail(reply: FastifyReply, status: number, code: string) {
  const errors = gameMessagesRu.errors as Record<string, string>;
  return reply.code(status).send({ error: { code, message: errors[code] ?? errors.unknown } });
}

/**
 * The game frames' calls: validates with the contract, resolves the session (as the provider the
 * sessions speak for), and maps refusals to their Russian message.
 */
export function handlerFor(sessions: PlaySessions) {
  return function handle<S extends z.ZodType<{ token: string; mode: 'real' | 'demo' }>>(
    schema: S,
    work: (body: z.infer<S>, session: PlaySession, params: Record<string, string>) => Promise<unknown>,
    from: 'body' | 'query' = 'body',
  ) {
    return async (request: { body: unknown; query: unknown; params: unknown }, reply: FastifyReply) => {
      const parsed = schema.safeParse(from === 'body' ? request.body : request.query);
      if (!parsed.success) return fail(reply, 400, 'invalid');
      try {
        const session = await sessions.resolve(parsed.data.token, parsed.data.mode);
        // An autoplayed round where the casino does not allow autoplay (ADR 046).
        if ((parsed.data as { autoplay?: unknown }).autoplay === true && session.autoplayRounds === 0)
          return fail(reply, 409, 'autoplay_forbidden');
        return { data: await work(parsed.data, session, request.params as Record<string, string>) };
      } catch (error) {
        if (error instanceof SessionRefused) return fail(reply, 401, 'RS_ERROR_INVALID_TOKEN');
        if (error instanceof PlayRefused) return fail(reply, 409, error.reason);
        if (error instanceof InvalidChoice || error instanceof IllegalMove)
          return fail(reply, 400, 'invalid');
        if (error instanceof RoundConflict) return fail(reply, 409, error.reason);
        throw error;
      }
    };
  };
}

/**
 * Answers a game frame's page: embeddable only by the operator's sites, with scripts and styles of its
 * own only; its lobby and cashier links must lead to one of those sites, or the page is refused, so a
 * crafted frame address cannot send the player elsewhere (ADR 024).
 */
export function sendFrame(
  reply: FastifyReply,
  request: FastifyRequest,
  page: (mode: 'real' | 'demo') => string,
  siteOrigins: readonly string[],
  /** The GETs the page's client makes at start (ui/first-calls.ts), preloaded with the page. */
  calls: readonly string[] = [],
) {
  // Scripts only from this server's bundles (ADR 042); images also from the client's own blobs (a
  // studio game's symbols, drawn from SVG in the browser, ADR 052).
  reply.header(
    'content-security-policy',
    `default-src 'self'; style-src 'unsafe-inline'; script-src 'self'; img-src 'self' blob:; frame-ancestors 'self' ${siteOrigins.join(' ')}`,
  );
  const parsed = frameQuery.safeParse(request.query);
  const links = parsed.success ? [parsed.data.backUrl, parsed.data.cashUrl] : [];
  const offSite = links.some((link) => link !== undefined && !siteOrigins.includes(new URL(link).origin));
  if (!parsed.success || offSite)
    return reply.code(400).type('text/plain; charset=utf-8').send(gameMessagesRu.errors.invalid);
  const html = page(parsed.data.mode);
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  // The browser asks for the client's first calls while the client's script downloads: on a slow
  // network their round trips overlap the download instead of following it.
  if (calls.length > 0) {
    const query = callQuery(parsed.data);
    reply.header(
      'link',
      calls.map((path) => `<${path}?${query}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', '),
    );
  }
  // The page carries the game's tables and a studio game's art (40 KB and more): gzipped, it reaches a
  // phone on a slow network several round trips sooner.
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(gzipSync(html));
}

export type Handle = ReturnType<typeof handlerFor>;
