import type { FastifyPluginAsync } from 'fastify';
import type { Seeds } from '../fairness/seeds.ts';
import { gameMessagesRu } from '../ui/messages.ru.ts';
import { fairnessPage } from '../ui/fairness.page.ts';
import { blackjackActBody, blackjackDealBody, sessionQuery } from './play.contracts.ts';
import type { PlayService } from './play.service.ts';
import type { BlackjackService } from './blackjack.service.ts';
import type { Rounds } from './rounds.ts';
import type { PlaySessions } from './sessions.ts';
import { handlerFor, sendFrame } from './handle.ts';
import { instantRoutes } from './instant.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import type { MinesService } from './mines.service.ts';
import { originalsRoutes } from './originals.routes.ts';
import { clientRoutes } from '../ui/client.routes.ts';
import { clientBundle, SLOTS } from '../ui/clients.ts';
import { firstCalls } from '../ui/first-calls.ts';
import { slotPage, type Slot } from '../ui/slot.page.ts';

/** Kometa's own game frames: their pages, their calls, and the fairness page. */
export function playRoutes(deps: {
  sessions: PlaySessions;
  play: PlayService;
  /** The operator's sites: the only origins that may embed a frame or be linked from it. */
  siteOrigins: readonly string[];
  blackjack: BlackjackService;
  mines: MinesService;
  seeds: Seeds;
  rounds: Rounds;
}): FastifyPluginAsync {
  return async (app) => {
    const handle = handlerFor(deps.sessions);

    app.get('/fairness', async (_request, reply) =>
      reply
        .header(
          'content-security-policy',
          "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'",
        )
        .type('text/html; charset=utf-8')
        .send(fairnessPage()),
    );

    app.get('/play/:game', async (request, reply) => {
      const { game } = request.params as { game: string };
      // The slots run on the renderer (ADR 047): their bundled client, scripts from this server only.
      if (SLOTS.includes(game as Slot)) {
        const entry = (await clientBundle()).entries[game as Slot];
        return sendFrame(
          reply,
          request,
          (mode) => slotPage(game as Slot, mode, entry),
          deps.siteOrigins,
          firstCalls(game),
        );
      }
      // Every other game of ours has its own client route (client.routes.ts); this one is not ours yet.
      return sendFrame(
        reply,
        request,
        () =>
          `<!doctype html><html lang="ru"><meta charset="utf-8"><p>${gameMessagesRu.comingSoon}</p></html>`,
        deps.siteOrigins,
      );
    });

    app.get(
      '/api/blackjack/round',
      handle(sessionQuery, async (_query, session) => deps.blackjack.resume(session), 'query'),
    );

    app.post(
      '/api/blackjack/deal',
      handle(blackjackDealBody, async (body, session) => deps.blackjack.deal(session, body.stake)),
    );

    app.post(
      '/api/blackjack/act',
      handle(blackjackActBody, async (body, session) => deps.blackjack.act(session, body.action)),
    );

    await app.register(originalsRoutes({ handle, play: deps.play, mines: deps.mines }));
    // The originals' frames and their bundled clients (ADR 042).
    await app.register(clientRoutes({ siteOrigins: deps.siteOrigins }));
    await app.register(instantRoutes({ handle, play: deps.play, codeOf: (engine) => engine }));
    await app.register(sessionRoutes({ handle, play: deps.play, seeds: deps.seeds, rounds: deps.rounds }));
  };
}
