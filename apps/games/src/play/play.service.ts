import { ProviderStatus } from '@kometa/contracts';
import { createDraws, type Draws } from '@kometa/fairness';
import type { Seeds } from '../fairness/seeds.ts';
import { PlayRefused, type RoundMoney } from './money.ts';
import type { Rounds } from './rounds.ts';
import type { PlaySession } from './sessions.ts';

/** A single-step game: from the player's choice, a stake and the round's draws, what it pays. */
export interface InstantGame<C> {
  code: string;
  play(choice: C, stake: number, draws: Draws): { win: number } & Record<string, unknown>;
}

/**
 * Plays single-step rounds: the seed's next nonce, the outcome, the round written, then the money:
 * the stake, then the win closing the round (real money through the casino's wallet, demo rounds on
 * play money). A win the casino did not confirm stays `settling` and is sent again (idempotently)
 * by `settlePending`.
 */
export function createPlayService(deps: {
  money: RoundMoney;
  seeds: Seeds;
  rounds: Rounds;
  now: () => Date;
}) {
  const { money, rounds } = deps;

  return {
    balance: (session: PlaySession) => money.balance(session),

    /** Plays a round; `code` is the game's code at the casino (a studio game's own, else the engine's). */
    async play<C>(game: InstantGame<C>, session: PlaySession, choice: C, stake: number, code = game.code) {
      if (session.mode === 'real') await this.settlePending(session);
      const seed = await deps.seeds.take(session.player);
      const outcome = game.play(choice, stake, createDraws(seed.serverSeed, seed.clientSeed, seed.nonce));
      const round = {
        player: session.player,
        provider: session.provider,
        game: code,
        mode: session.mode,
        currency: session.currency,
        bet: stake,
        win: outcome.win,
        seed_id: seed.id,
        client_seed: seed.clientSeed,
        nonce: seed.nonce,
        choice,
        outcome,
        created_at: deps.now(),
      };
      const id = await rounds.open(round);
      const proof = { commitment: seed.commitment, clientSeed: seed.clientSeed, nonce: seed.nonce };
      let afterStake: number | null;
      try {
        afterStake = await money.stake(session, { id, game: code }, stake);
      } catch (error) {
        if (error instanceof PlayRefused) await rounds.refuse(id, error.reason);
        throw error;
      }
      const before = afterStake === null ? null : afterStake + stake;
      const paid = await money.pay(session, {
        id,
        game: code,
        currency: session.currency,
        win: outcome.win,
      });
      if (paid.status !== ProviderStatus.OK)
        return { roundId: id, outcome, balance: afterStake, proof, settling: true };
      await rounds.settle(id, before, paid.balance);
      return { roundId: id, outcome, balance: paid.balance, proof };
    },

    /**
     * Sends again the wins the casino has not confirmed for this player (same transaction ids, so at
     * most once); wins do not need a live session, any token of the player will do.
     */
    async settlePending(session: PlaySession): Promise<number> {
      let settled = 0;
      for (const round of await rounds.settling(session.player, session.provider)) {
        if (round.mode !== 'real') continue;
        const answer = await money.pay(session, round);
        if (answer.status === ProviderStatus.OK) {
          await rounds.settle(round.id, null, answer.balance);
          settled++;
        } else if (answer.status === ProviderStatus.TRANSACTION_DOES_NOT_EXIST) {
          // The bet never reached the casino: cancel its id there (a late copy is then refused).
          await money.cancel(session, round);
          await rounds.refuse(round.id, 'bet not received by the casino');
        }
      }
      return settled;
    },
  };
}

export type PlayService = ReturnType<typeof createPlayService>;
