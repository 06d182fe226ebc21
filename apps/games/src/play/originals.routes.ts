import type { FastifyPluginAsync } from 'fastify';
import * as plinko from '../games/plinko.ts';
import type { Handle } from './handle.ts';
import type { MinesService } from './mines.service.ts';
import {
  minesRevealBody,
  minesStartBody,
  plinkoPlayBody,
  sessionBody,
  sessionQuery,
} from './play.contracts.ts';
import type { InstantGame, PlayService } from './play.service.ts';

const plinkoGame: InstantGame<plinko.PlinkoChoice> = { code: 'plinko', play: plinko.play };

/** The originals' calls (ADR 043): mines as a multi-step round, plinko as a single drop. */
export function originalsRoutes(deps: {
  handle: Handle;
  play: PlayService;
  mines: MinesService;
}): FastifyPluginAsync {
  return async (app) => {
    const { handle, mines } = deps;
    app.get(
      '/api/mines/round',
      handle(sessionQuery, async (_query, session) => mines.resume(session), 'query'),
    );
    app.post(
      '/api/mines/start',
      handle(minesStartBody, async (body, session) => mines.start(session, body.stake, body.mines)),
    );
    app.post(
      '/api/mines/reveal',
      handle(minesRevealBody, async (body, session) => mines.reveal(session, body.tile)),
    );
    app.post(
      '/api/mines/cashout',
      handle(sessionBody, async (_body, session) => mines.cashOut(session)),
    );
    app.post(
      '/api/plinko/play',
      handle(plinkoPlayBody, async (body, session) =>
        deps.play.play(plinkoGame, session, { rows: body.rows, risk: body.risk }, body.stake),
      ),
    );
  };
}
