import { sql } from 'drizzle-orm';
import { ProviderStatus } from '@kometa/contracts';
import { queryRows, type Db } from '@kometa/db';
import type { Casino } from '../casino.ts';
import type { GameProvider, PlaySession } from './sessions.ts';

export class PlayRefused extends Error {
  constructor(
    readonly reason: string,
    readonly balance: number | null,
  ) {
    super(reason);
    this.name = 'PlayRefused';
  }
}

/** A round's reference at the casino, and its transaction ids. */
export const roundRef = (id: number) => `kometa-${id}`;
export const betId = (id: number, attempt = 0) =>
  attempt === 0 ? `${roundRef(id)}-bet` : `${roundRef(id)}-bet-${attempt}`;

/**
 * The money side of a round: real money through the casino's seamless wallet (bets, then one win
 * closing the round), play money in `demo_balances` for demo sessions.
 */
export function createRoundMoney(deps: {
  db: Db;
  casinos: Record<GameProvider, Casino>;
  demoBalance: number;
  now: () => Date;
}) {
  const hash = (session: PlaySession) => session.tokenHash.toString('hex');

  async function demoBalance(session: PlaySession): Promise<number> {
    await deps.db.execute(sql`insert into demo_balances (token_hash, balance, created_at)
      values (decode(${hash(session)}, 'hex'), ${deps.demoBalance}, ${deps.now().toISOString()}::timestamptz)
      on conflict do nothing`);
    const [row] = await queryRows<{ balance: string | number }>(
      deps.db,
      sql`select balance from demo_balances where token_hash = decode(${hash(session)}, 'hex')`,
    );
    return Number(row?.balance ?? 0);
  }

  /** Moves play money by `delta` when it stays covered; answers the new balance, or null. */
  async function demoMove(session: PlaySession, delta: number): Promise<number | null> {
    await demoBalance(session);
    const [row] = await queryRows<{ balance: string | number }>(
      deps.db,
      sql`update demo_balances set balance = balance + ${delta}
          where token_hash = decode(${hash(session)}, 'hex') and balance + ${delta} >= 0
          returning balance`,
    );
    return row ? Number(row.balance) : null;
  }

  return {
    /** The balance a session plays with. */
    async balance(session: PlaySession): Promise<number> {
      if (session.mode === 'demo') return demoBalance(session);
      const player = await deps.casinos[session.provider].player(session.token);
      return player?.balance ?? 0;
    },

    /** Stakes `amount` on the round; answers the balance after, or throws PlayRefused. */
    async stake(
      session: PlaySession,
      round: { id: number; game: string },
      amount: number,
      attempt = 0,
    ): Promise<number | null> {
      if (session.mode === 'demo') {
        const after = await demoMove(session, -amount);
        if (after === null)
          throw new PlayRefused(ProviderStatus.NOT_ENOUGH_MONEY, await demoBalance(session));
        return after;
      }
      const answer = await deps.casinos[session.provider].bet({
        request_uuid: crypto.randomUUID(),
        token: session.token,
        user: session.user as string,
        transaction_uuid: betId(round.id, attempt),
        round: roundRef(round.id),
        round_closed: false,
        game_code: round.game,
        currency: session.currency,
        amount,
      });
      if (answer.status !== ProviderStatus.OK) throw new PlayRefused(answer.status, answer.balance ?? null);
      return answer.balance ?? null;
    },

    /**
     * Pays what the round returns and closes it at the casino (`kometa-{round}-win`, at most once).
     * Demo rounds are credited on play money. Answers the status and the balance after.
     */
    async pay(
      session: Pick<PlaySession, 'provider' | 'mode' | 'token' | 'user' | 'tokenHash'>,
      round: { id: number; game: string; currency: string; win: number },
    ): Promise<{ status: string; balance: number | null }> {
      if (session.mode === 'demo') {
        return { status: ProviderStatus.OK, balance: await demoMove(session as PlaySession, round.win) };
      }
      const answer = await deps.casinos[session.provider].win({
        request_uuid: crypto.randomUUID(),
        token: session.token,
        user: session.user,
        transaction_uuid: `${roundRef(round.id)}-win`,
        reference_transaction_uuid: betId(round.id),
        round: roundRef(round.id),
        round_closed: true,
        game_code: round.game,
        currency: round.currency,
        amount: round.win,
      });
      return { status: answer.status, balance: answer.balance ?? null };
    },

    /** Cancels a bet the casino never received, so a late copy of it is refused. */
    async cancel(
      session: Pick<PlaySession, 'provider' | 'token' | 'user'>,
      round: { id: number; game: string },
    ) {
      await deps.casinos[session.provider].rollback({
        request_uuid: crypto.randomUUID(),
        token: session.token,
        user: session.user as string,
        transaction_uuid: `${roundRef(round.id)}-cancel`,
        reference_transaction_uuid: betId(round.id),
        round: roundRef(round.id),
        round_closed: true,
        game_code: round.game,
      });
    },
  };
}

export type RoundMoney = ReturnType<typeof createRoundMoney>;
