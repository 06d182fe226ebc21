import { sql } from 'drizzle-orm';
import { ProviderStatus } from '@kometa/contracts';
import { createDraws, type Draws } from '@kometa/fairness';
import { queryRows, type Db } from '@kometa/db';
import type { Casino } from '../casino.ts';
import type { Seeds } from '../fairness/seeds.ts';
import type { Rounds, RoundRow } from './rounds.ts';
import type { PlaySession } from './sessions.ts';

/** A single-step game: from the player's choice, a stake and the round's draws, what it pays. */
export interface InstantGame<C> {
  code: string;
  play(choice: C, stake: number, draws: Draws): { win: number } & Record<string, unknown>;
}

export class PlayRefused extends Error {
  constructor(
    readonly reason: string,
    readonly balance: number | null,
  ) {
    super(reason);
    this.name = 'PlayRefused';
  }
}

const roundRef = (id: number) => `kometa-${id}`;

/**
 * Plays rounds: the seed's next nonce, the outcome, the round written, then the money: real rounds
 * through the casino's wallet (bet, then win closing the round), demo rounds on play money. A win the
 * casino did not confirm stays `settling` and is sent again (idempotently) by `settlePending`.
 */
export function createPlayService(deps: {
  db: Db;
  casino: Casino;
  seeds: Seeds;
  rounds: Rounds;
  demoBalance: number;
  now: () => Date;
}) {
  const { casino, rounds } = deps;

  async function demoBalance(session: PlaySession): Promise<number> {
    await deps.db.execute(sql`insert into demo_balances (token_hash, balance, created_at)
      values (decode(${session.tokenHash.toString('hex')}, 'hex'), ${deps.demoBalance}, ${deps.now().toISOString()}::timestamptz)
      on conflict do nothing`);
    const [row] = await queryRows<{ balance: string | number }>(
      deps.db,
      sql`select balance from demo_balances where token_hash = decode(${session.tokenHash.toString('hex')}, 'hex')`,
    );
    return Number(row?.balance ?? 0);
  }

  async function sendWin(
    round: Pick<RoundRow, 'id' | 'game' | 'currency' | 'win'>,
    session: { token: string; user: string },
  ) {
    return casino.win({
      request_uuid: crypto.randomUUID(),
      token: session.token,
      user: session.user,
      transaction_uuid: `${roundRef(round.id)}-win`,
      reference_transaction_uuid: `${roundRef(round.id)}-bet`,
      round: roundRef(round.id),
      round_closed: true,
      game_code: round.game,
      currency: round.currency,
      amount: round.win,
    });
  }

  return {
    async balance(session: PlaySession): Promise<number> {
      if (session.mode === 'demo') return demoBalance(session);
      const player = await casino.player(session.token);
      return player?.balance ?? 0;
    },

    async play<C>(game: InstantGame<C>, session: PlaySession, choice: C, stake: number) {
      if (session.mode === 'real') await this.settlePending(session);
      const seed = await deps.seeds.take(session.player);
      const outcome = game.play(choice, stake, createDraws(seed.serverSeed, seed.clientSeed, seed.nonce));
      const id = await rounds.open({
        player: session.player,
        game: game.code,
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
      });
      const proof = { commitment: seed.commitment, clientSeed: seed.clientSeed, nonce: seed.nonce };
      if (session.mode === 'demo') {
        await demoBalance(session);
        const [row] = await queryRows<{ balance: string | number }>(
          deps.db,
          sql`update demo_balances set balance = balance - ${stake} + ${outcome.win}
              where token_hash = decode(${session.tokenHash.toString('hex')}, 'hex') and balance >= ${stake}
              returning balance`,
        );
        if (!row) {
          await rounds.refuse(id, ProviderStatus.NOT_ENOUGH_MONEY);
          throw new PlayRefused(ProviderStatus.NOT_ENOUGH_MONEY, await demoBalance(session));
        }
        const after = Number(row.balance);
        await rounds.settle(id, after + stake - outcome.win, after);
        return { roundId: id, outcome, balance: after, proof };
      }
      const user = session.user as string;
      const bet = await casino.bet({
        request_uuid: crypto.randomUUID(),
        token: session.token,
        user,
        transaction_uuid: `${roundRef(id)}-bet`,
        round: roundRef(id),
        round_closed: false,
        game_code: game.code,
        currency: session.currency,
        amount: stake,
      });
      if (bet.status !== ProviderStatus.OK) {
        await rounds.refuse(id, bet.status);
        throw new PlayRefused(bet.status, bet.balance ?? null);
      }
      const before = (bet.balance ?? 0) + stake;
      const win = await sendWin(
        { id, game: game.code, currency: session.currency, win: outcome.win },
        { token: session.token, user },
      );
      if (win.status !== ProviderStatus.OK)
        return { roundId: id, outcome, balance: bet.balance ?? null, proof, settling: true };
      await rounds.settle(id, before, win.balance ?? null);
      return { roundId: id, outcome, balance: win.balance ?? null, proof };
    },

    /**
     * Sends again the wins the casino has not confirmed for this player (same transaction ids, so at
     * most once); wins do not need a live session, any token of the player will do.
     */
    async settlePending(session: PlaySession): Promise<number> {
      let settled = 0;
      for (const round of await rounds.settling(session.player)) {
        if (round.mode !== 'real') continue;
        const answer = await sendWin(round, { token: session.token, user: session.user as string });
        if (answer.status === ProviderStatus.OK) {
          await rounds.settle(round.id, null, answer.balance ?? null);
          settled++;
        } else if (answer.status === ProviderStatus.TRANSACTION_DOES_NOT_EXIST) {
          // The bet never reached the casino: cancel its id there (a late copy is then refused).
          await casino.rollback({
            request_uuid: crypto.randomUUID(),
            token: session.token,
            user: session.user as string,
            transaction_uuid: `${roundRef(round.id)}-cancel`,
            reference_transaction_uuid: `${roundRef(round.id)}-bet`,
            round: roundRef(round.id),
            round_closed: true,
            game_code: round.game,
          });
          await rounds.refuse(round.id, 'bet not received by the casino');
        }
      }
      return settled;
    },
  };
}

export type PlayService = ReturnType<typeof createPlayService>;
