import type { FastifyPluginAsync } from 'fastify';
import { videoSlotPage } from '../ui/video-slot.page.ts';
import { classicSlotPage } from '../ui/classic-slot.page.ts';
import { roulettePage } from '../ui/roulette.page.ts';
import type { Seeds } from '../fairness/seeds.ts';
import { gameMessagesRu } from '../ui/messages.ru.ts';
import { dicePage } from '../ui/dice.page.ts';
import { fairnessPage } from '../ui/fairness.page.ts';
import { blackjackActBody, blackjackDealBody, sessionQuery } from './play.contracts.ts';
import type { PlayService } from './play.service.ts';
import type { BlackjackService } from './blackjack.service.ts';
import { blackjackPage } from '../ui/blackjack.page.ts';
import type { Rounds } from './rounds.ts';
import type { PlaySessions } from './sessions.ts';
import { handlerFor, sendFrame } from './handle.ts';
import { instantRoutes } from './instant.routes.ts';
import { sessionRoutes } from './session.routes.ts';

const pages: Record<string, (mode: 'real' | 'demo') => string> = {
  dice: dicePage,
  roulette: roulettePage,
  'classic-slot': classicSlotPage,
  'video-slot': videoSlotPage,
  blackjack: blackjackPage,
};

/** Kometa's own game frames: their pages, their calls, and the fairness page. */
export function playRoutes(deps: {
  sessions: PlaySessions;
  play: PlayService;
  /** The operator's sites: the only origins that may embed a frame or be linked from it. */
  siteOrigins: readonly string[];
  blackjack: BlackjackService;
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
      const page = pages[game];
      return sendFrame(
        reply,
        request.query,
        (mode) =>
          page
            ? page(mode)
            : `<!doctype html><html lang="ru"><meta charset="utf-8"><p>${gameMessagesRu.comingSoon}</p></html>`,
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

    await app.register(instantRoutes({ handle, play: deps.play, codeOf: (engine) => engine }));
    await app.register(sessionRoutes({ handle, play: deps.play, seeds: deps.seeds, rounds: deps.rounds }));
  };
}
