import type { FastifyPluginAsync } from 'fastify';
import type { Seeds } from '../fairness/seeds.ts';
import { RoundConflict } from './blackjack.service.ts';
import type { Handle } from './handle.ts';
import { clientSeedBody, sessionBody, sessionQuery } from './play.contracts.ts';
import type { PlayService } from './play.service.ts';
import type { Rounds } from './rounds.ts';

/** What every frame asks besides its game: balance and seeds, the client seed, rotation, and recall. */
export function sessionRoutes(deps: {
  handle: Handle;
  play: PlayService;
  seeds: Seeds;
  rounds: Rounds;
}): FastifyPluginAsync {
  return async (app) => {
    const { handle } = deps;
    app.get(
      '/api/session',
      handle(
        sessionQuery,
        async (_query, session) => ({
          balance: await deps.play.balance(session),
          currency: session.currency,
          fairness: await deps.seeds.current(session.player),
          // The casino's free rounds on this game (ADR 031): "Фриспины: 7 из 10".
          freeRounds: await deps.play.freeRounds(session),
          // Autoplay rounds the casino allows here (ADR 046); null on play money.
          autoplayRounds: session.autoplayRounds ?? null,
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
              freeRound: round.campaign !== null,
              outcome: round.outcome,
              status: round.status,
              clientSeed: round.client_seed,
              nonce: round.nonce,
              serverSeed: round.seed_id === null ? null : await deps.seeds.revealed(round.seed_id),
              createdAt: Math.floor(new Date(round.created_at).getTime() / 1000),
            })),
          ),
        'query',
      ),
    );
  };
}
