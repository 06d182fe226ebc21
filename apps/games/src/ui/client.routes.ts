import type { FastifyPluginAsync } from 'fastify';
import { sendFrame } from '../play/handle.ts';
import { clientBundle, ORIGINALS, type Original } from './clients.ts';
import { firstCalls } from './first-calls.ts';
import { originalPage } from './original.page.ts';

/**
 * The originals' frames (`/play/mines`, `/play/plinko`) and their bundled clients under `/clients/`
 * (hashed names, cached for a year, gzip when the browser takes it).
 */
export function clientRoutes(deps: { siteOrigins: readonly string[] }): FastifyPluginAsync {
  return async (app) => {
    app.get('/clients/:file', async (request, reply) => {
      const { file } = request.params as { file: string };
      const found = (await clientBundle()).assets.get(file);
      if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('');
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply
        .type(found.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      return reply.send(gzip ? found.gzip : found.body);
    });

    // A frame opened on its own asks for the server's icon: there is none, and that is not an error.
    app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

    for (const game of ORIGINALS) {
      app.get(`/play/${game}`, async (request, reply) => {
        const entry = (await clientBundle()).entries[game as Original];
        return sendFrame(
          reply,
          request,
          (mode) => originalPage(game, mode, entry),
          deps.siteOrigins,
          firstCalls(game),
        );
      });
    }
  };
}
