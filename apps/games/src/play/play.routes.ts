import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { z } from 'zod';
import * as dice from '../games/dice.ts';
import * as roulette from '../games/roulette.ts';
import * as classicSlot from '../games/classic-slot.ts';
import * as videoSlot from '../games/video-slot.ts';
import { videoSlotPage } from '../ui/video-slot.page.ts';
import { classicSlotPage } from '../ui/classic-slot.page.ts';
import { roulettePage } from '../ui/roulette.page.ts';
import type { Seeds } from '../fairness/seeds.ts';
import { gameMessagesRu } from '../ui/messages.ru.ts';
import { dicePage } from '../ui/dice.page.ts';
import { fairnessPage } from '../ui/fairness.page.ts';
import {
  classicSlotPlayBody,
  videoSlotPlayBody,
  clientSeedBody,
  dicePlayBody,
  roulettePlayBody,
  sessionBody,
  sessionQuery,
  blackjackActBody,
  blackjackDealBody,
} from './play.contracts.ts';
import type { InstantGame, PlayService } from './play.service.ts';
import { PlayRefused } from './money.ts';
import { IllegalMove, RoundConflict, type BlackjackService } from './blackjack.service.ts';
import { blackjackPage } from '../ui/blackjack.page.ts';
import type { Rounds } from './rounds.ts';
import { SessionRefused, type PlaySessions } from './sessions.ts';

const diceGame: InstantGame<dice.DiceChoice> = { code: 'dice', play: dice.play };
const rouletteGame: InstantGame<roulette.RouletteBet[]> = { code: 'roulette', play: roulette.play };
const classicSlotGame: InstantGame<Record<string, never>> = { code: 'classic-slot', play: classicSlot.play };
const pages: Record<string, (mode: 'real' | 'demo') => string> = {
  dice: dicePage,
  roulette: roulettePage,
  'classic-slot': classicSlotPage,
  'video-slot': videoSlotPage,
  blackjack: blackjackPage,
};
const videoSlotGame: InstantGame<Record<string, never>> = { code: 'video-slot', play: videoSlot.play };

export class InvalidChoice extends Error {
  override name = 'InvalidChoice';
}

function fail(reply: FastifyReply, status: number, code: string) {
  const errors = gameMessagesRu.errors as Record<string, string>;
  return reply.code(status).send({ error: { code, message: errors[code] ?? errors.unknown } });
}

/** The game frames: pages and their calls (dice today; the other games join the same routes). */
export function playRoutes(deps: {
  sessions: PlaySessions;
  play: PlayService;
  blackjack: BlackjackService;
  seeds: Seeds;
  rounds: Rounds;
}): FastifyPluginAsync {
  return async (app) => {
    /** Validates with the contract, resolves the session, maps refusals to their Russian message. */
    function handle<S extends z.ZodType<{ token: string; mode: 'real' | 'demo' }>>(
      schema: S,
      work: (body: z.infer<S>, session: Awaited<ReturnType<PlaySessions['resolve']>>) => Promise<unknown>,
      from: 'body' | 'query' = 'body',
    ) {
      return async (request: { body: unknown; query: unknown }, reply: FastifyReply) => {
        const parsed = schema.safeParse(from === 'body' ? request.body : request.query);
        if (!parsed.success) return fail(reply, 400, 'invalid');
        try {
          const session = await deps.sessions.resolve(parsed.data.token, parsed.data.mode);
          return { data: await work(parsed.data, session) };
        } catch (error) {
          if (error instanceof SessionRefused) return fail(reply, 401, 'RS_ERROR_INVALID_TOKEN');
          if (error instanceof PlayRefused) return fail(reply, 409, error.reason);
          if (error instanceof InvalidChoice || error instanceof IllegalMove)
            return fail(reply, 400, 'invalid');
          if (error instanceof RoundConflict) return fail(reply, 409, error.reason);
          throw error;
        }
      };
    }

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
      const query = sessionQuery.safeParse(request.query);
      reply.header(
        'content-security-policy',
        "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-ancestors *",
      );
      if (!query.success)
        return reply.code(400).type('text/plain; charset=utf-8').send(gameMessagesRu.errors.invalid);
      const page = pages[game];
      if (!page) {
        return reply
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="ru"><meta charset="utf-8"><p>${gameMessagesRu.comingSoon}</p></html>`,
          );
      }
      return reply.type('text/html; charset=utf-8').send(page(query.data.mode));
    });

    app.post(
      '/api/dice/play',
      handle(dicePlayBody, async (body, session) => {
        const result = await deps.play.play(
          diceGame,
          session,
          { chance: body.chance, direction: body.direction },
          body.stake,
        );
        return { ...result, multiplier: dice.multiplier(body) };
      }),
    );

    app.post(
      '/api/roulette/play',
      handle(roulettePlayBody, async (body, session) => {
        const bets = body.bets.map((bet) => {
          const standard = roulette.betOf(bet.numbers);
          if (!standard) throw new InvalidChoice('not a bet of the table');
          return { numbers: standard.numbers, stake: bet.stake };
        });
        return deps.play.play(rouletteGame, session, bets, roulette.totalStake(bets));
      }),
    );

    app.post(
      '/api/classic-slot/play',
      handle(classicSlotPlayBody, async (body, session) =>
        deps.play.play(classicSlotGame, session, {}, body.stake),
      ),
    );

    app.post(
      '/api/video-slot/play',
      handle(videoSlotPlayBody, async (body, session) =>
        deps.play.play(videoSlotGame, session, {}, body.stake),
      ),
    );

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

    app.get(
      '/api/session',
      handle(
        sessionQuery,
        async (_query, session) => ({
          balance: await deps.play.balance(session),
          currency: session.currency,
          fairness: await deps.seeds.current(session.player),
        }),
        'query',
      ),
    );

    app.put(
      '/api/fairness/client-seed',
      handle(clientSeedBody, async (body, session) =>
        deps.seeds.setClientSeed(session.player, body.clientSeed),
      ),
    );

    app.post(
      '/api/fairness/rotate',
      handle(sessionBody, async (_body, session) => {
        // Revealing the seed of a round still in play would show its next cards.
        if (await deps.rounds.hasOpen(session.player)) throw new RoundConflict('round_open');
        return deps.seeds.rotate(session.player);
      }),
    );

    /** Game recall: each round's stake, choice, outcome, balance before and after, and its proof. */
    app.get(
      '/api/rounds',
      handle(
        sessionQuery,
        async (_query, session) =>
          Promise.all(
            (await deps.rounds.recall(session.player, 50)).map(async (round) => ({
              id: round.id,
              game: round.game,
              bet: round.bet,
              win: round.win,
              balanceBefore: round.balance_before,
              balanceAfter: round.balance_after,
              choice: round.choice,
              steps: round.actions,
              outcome: round.outcome,
              status: round.status,
              clientSeed: round.client_seed,
              nonce: round.nonce,
              serverSeed: await deps.seeds.revealed(round.seed_id),
              createdAt: Math.floor(new Date(round.created_at).getTime() / 1000),
            })),
          ),
        'query',
      ),
    );
  };
}
