import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce.ts';

export const streamTimeout = 5_000;

/**
 * The document's Content-Security-Policy (ADR 026): only the scripts this render wrote (with its
 * nonce), and what they load, may run; styles, images and frames as the site uses them (games open in
 * a frame from their provider's origin); nothing may frame the site but itself.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https: http:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Renders a document: streamed to browsers as soon as its shell is ready, whole to crawlers (so they
 * read every page's content), with a fresh nonce on each of the page's scripts.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): Response | Promise<Response> {
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const nonce = randomBytes(16).toString('base64');
  // The development server injects scripts of its own (hot reload): the policy is the built site's.
  if (import.meta.env.PROD) headers.set('content-security-policy', contentSecurityPolicy(nonce));
  const whole = isbot(request.headers.get('user-agent') ?? '') || context.isSpaMode;
  return new Promise((resolve, reject) => {
    let statusCode = status;
    let shellReady = false;
    const rendering = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [whole ? 'onAllReady' : 'onShellReady']() {
          shellReady = true;
          const body = new PassThrough({
            final(done) {
              clearTimeout(deadline);
              done();
            },
          });
          headers.set('content-type', 'text/html; charset=utf-8');
          rendering.pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { status: statusCode, headers }));
        },
        onShellError: reject,
        onError(error: unknown) {
          statusCode = 500;
          // Errors before the shell are logged by React Router's own handler.
          if (shellReady) console.error(error);
        },
      },
    );
    // Suspended parts left after the stream timeout are sent as their error boundaries.
    const deadline = setTimeout(() => rendering.abort(), streamTimeout + 1_000);
  });
}
