import { ProviderStatus, type ProviderFreeRounds } from '@kometa/contracts';
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

/** Free rounds as a frame reads them. */
const freeRoundsView = (rounds: ProviderFreeRounds) => ({
  left: rounds.rounds_left,
  total: rounds.rounds_total,
  betValue: rounds.bet_value,
  freeBet: rounds.kind === 'free_bet',
});

/**
 * Plays single-step rounds: the seed's next nonce, the outcome, the round written, then the money:
 * the stake, then the win closing the round (real money through the casino's wallet, demo rounds on
 * play money). A win the casino did not confirm stays `settling` and is sent again (idempotently)
 * by `settlePending`; a stake it did not answer definitely is rolled back instead (money.ts).
 */
export function createPlayService(deps: {
  money: RoundMoney;
  seeds: Seeds;
  rounds: Rounds;
  now: () => Date;
  /**
   * How long a round's own call may still be deciding its stake (its bet, then a rollback given up):
   * younger rounds are left to it, so that no other call pays a round whose bet is being rolled back.
   */
  inPlayMs: number;
}) {
  const { money, rounds } = deps;

  return {
    balance: (session: PlaySession) => money.balance(session),

    /**
     * Plays a round; `code` is the game's code at the casino (a studio game's own, else the engine's).
     * With `campaign` it is one of the casino's free rounds (ADR 031): the casino funds the stake.
     */
    async play<C>(
      game: InstantGame<C>,
      session: PlaySession,
      choice: C,
      stake: number,
      code = game.code,
      campaign?: string,
    ) {
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
        campaign: campaign ?? null,
      };
      const id = await rounds.open(round);
      const proof = { commitment: seed.commitment, clientSeed: seed.clientSeed, nonce: seed.nonce };
      let afterStake: number | null;
      try {
        afterStake = await money.stake(session, { id, game: code }, stake, 0, campaign);
      } catch (error) {
        if (error instanceof PlayRefused) await rounds.refuse(id, error.reason);
        throw error;
      }
      const before = afterStake === null ? null : afterStake + (campaign ? 0 : stake);
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
     * Plays one of the casino's free rounds (ADR 031) at its fixed stake (which must split evenly over
     * the game's lines, `multipleOf`); answers the round and the free rounds left after it.
     */
    async playFreeRound<C>(
      game: InstantGame<C>,
      session: PlaySession,
      choice: C,
      code: string,
      multipleOf: number,
    ) {
      const rounds = await money.freeRounds(session);
      if (!rounds || rounds.bet_value <= 0 || rounds.bet_value % multipleOf !== 0)
        throw new PlayRefused(ProviderStatus.FREE_ROUNDS_UNAVAILABLE, null);
      const result = await this.play(game, session, choice, rounds.bet_value, code, rounds.campaign);
      return { ...result, freeRounds: freeRoundsView({ ...rounds, rounds_left: rounds.rounds_left - 1 }) };
    },

    /** The session's free rounds as the frames show them ("Фриспины: 7 из 10"), or null. */
    async freeRounds(session: PlaySession) {
      const rounds = await money.freeRounds(session);
      return rounds ? freeRoundsView(rounds) : null;
    },

    /**
     * Sends again the wins the casino has not confirmed for this player (same transaction ids, so at
     * most once); wins do not need a live session, any token of the player will do.
     */
    async settlePending(session: PlaySession): Promise<number> {
      let settled = 0;
      const before = new Date(deps.now().getTime() - deps.inPlayMs);
      for (const round of await rounds.settling(session.player, session.provider, before)) {
        if (round.mode !== 'real') continue;
        const answer = await money.pay(session, round);
        if (answer.status === ProviderStatus.OK) {
          await rounds.settle(round.id, null, answer.balance);
          settled++;
        } else if (answer.status === ProviderStatus.TRANSACTION_DOES_NOT_EXIST) {
          // The bet never reached the casino: the round is refused and the bet's id rolled back
          // there (durably), so a late copy is refused.
          await money.cancel(session, round);
        }
      }
      return settled;
    },
  };
}

export type PlayService = ReturnType<typeof createPlayService>;
