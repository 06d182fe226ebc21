import { sql } from 'drizzle-orm';
import { ProviderStatus, type ProviderAnswer, type ProviderFreeRounds } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import { queryRows, type Db } from '@kometa/db';
import type { Casino } from '../casino.ts';
import type { Rollbacks } from './rollbacks.ts';
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
/** The rollback of a bet (`kometa-{round}-cancel` for the round's opening bet). */
export const cancelId = (id: number, attempt = 0) =>
  attempt === 0 ? `${roundRef(id)}-cancel` : `${roundRef(id)}-cancel-${attempt}`;

/** The refusal a player sees when a bet got no definite answer and was rolled back. */
export const BET_CANCELLED = 'bet_cancelled';

/**
 * The money side of a round: real money through the casino's seamless wallet (bets, then one win
 * closing the round), play money in `demo_balances` for demo sessions.
 */
export function createRoundMoney(deps: {
  db: Db;
  casinos: Record<GameProvider, Casino>;
  rollbacks: Rollbacks;
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
    // One statement when a new player's starting balance covers the move (a win, a stake within it):
    // made with the move in, or moved when it is there (crash's wins go together: payDemoMany).
    if (deps.demoBalance + delta >= 0) {
      const [row] = await queryRows<{ balance: string | number }>(
        deps.db,
        sql`insert into demo_balances (token_hash, balance, created_at)
            values (decode(${hash(session)}, 'hex'), ${deps.demoBalance + delta}, ${deps.now().toISOString()}::timestamptz)
            on conflict (token_hash) do update set balance = demo_balances.balance + ${delta}
              where demo_balances.balance + ${delta} >= 0
            returning balance`,
      );
      return row ? Number(row.balance) : null;
    }
    await demoBalance(session);
    const [row] = await queryRows<{ balance: string | number }>(
      deps.db,
      sql`update demo_balances set balance = balance + ${delta}
          where token_hash = decode(${hash(session)}, 'hex') and balance + ${delta} >= 0
          returning balance`,
    );
    return row ? Number(row.balance) : null;
  }

  /** Gives a bet up and rolls it back at the casino (rollbacks.ts); null when the round moved on. */
  function cancelBet(
    session: Pick<PlaySession, 'provider' | 'token' | 'user'>,
    round: { id: number; game: string },
    attempt: number,
    reason: string,
  ) {
    return deps.rollbacks.cancel({
      provider: session.provider,
      roundId: round.id,
      attempt,
      transactionId: cancelId(round.id, attempt),
      reference: betId(round.id, attempt),
      round: roundRef(round.id),
      token: session.token,
      user: session.user as string,
      game: round.game,
      reason,
    });
  }

  return {
    /** The balance a session plays with. */
    async balance(session: PlaySession): Promise<number> {
      if (session.mode === 'demo') return demoBalance(session);
      const player = await deps.casinos[session.provider].player(session.token);
      return player?.balance ?? 0;
    },

    /** The casino's free rounds for this session's game, first campaign first (ADR 031); demo: none. */
    async freeRounds(session: PlaySession): Promise<ProviderFreeRounds | null> {
      if (session.mode === 'demo') return null;
      const player = await deps.casinos[session.provider].player(session.token);
      return player?.freeRounds.find((rounds) => rounds.rounds_left > 0) ?? null;
    },

    /**
     * Stakes `amount` on the round (with `campaign`, one of the casino's free rounds: the casino
     * funds it, ADR 031); answers the balance after, or throws PlayRefused. A bet the casino
     * did not answer definitely (RS_ERROR_UNKNOWN, no answer in time, a broken connection) may have
     * taken the stake: it is rolled back (durably, see rollbacks.ts) and refused as BET_CANCELLED, the
     * round not played. If the round moved on meanwhile (another call settled it), the bet stands and
     * the failure is thrown as it came.
     */
    async stake(
      session: PlaySession,
      round: { id: number; game: string },
      amount: number,
      attempt = 0,
      campaign?: string,
    ): Promise<number | null> {
      if (session.mode === 'demo') {
        const after = await demoMove(session, -amount);
        if (after === null)
          throw new PlayRefused(ProviderStatus.NOT_ENOUGH_MONEY, await demoBalance(session));
        return after;
      }
      let answer: ProviderAnswer | null = null;
      let failure: unknown;
      try {
        answer = await deps.casinos[session.provider].bet({
          request_uuid: crypto.randomUUID(),
          token: session.token,
          user: session.user as string,
          transaction_uuid: betId(round.id, attempt),
          round: roundRef(round.id),
          round_closed: false,
          game_code: round.game,
          currency: session.currency,
          amount,
          ...(campaign ? { free_round_campaign: campaign } : {}),
        });
      } catch (error) {
        failure = error;
      }
      if (answer?.status === ProviderStatus.OK) return answer.balance ?? null;
      if (answer && answer.status !== ProviderStatus.UNKNOWN)
        throw new PlayRefused(answer.status, answer.balance ?? null);
      const cancelled = await cancelBet(session, round, attempt, BET_CANCELLED);
      if (!cancelled)
        throw failure ?? new Error(`${ProviderStatus.UNKNOWN} to a bet whose round has moved on`);
      throw new PlayRefused(BET_CANCELLED, cancelled.balance);
    },

    /**
     * Credits play-money wins in one statement (crash's wins of one turn, ADR 044), a player at most
     * once a call; answers each player's balance after, by the token hash in hex.
     */
    async payDemoMany(wins: readonly { tokenHash: Buffer; win: number }[]): Promise<Map<string, number>> {
      if (wins.length === 0) return new Map();
      const sorted = [...wins].sort((a, b) => Buffer.compare(a.tokenHash, b.tokenHash));
      const tokens = `{${sorted.map((w) => w.tokenHash.toString('hex')).join(',')}}`;
      const amounts = `{${sorted.map((w) => w.win).join(',')}}`;
      // Rows are taken in the order of their hashes; the start balance is made for a player without one.
      const rows = await queryRows<{ token: string; balance: string | number }>(
        deps.db,
        sql`insert into demo_balances (token_hash, balance, created_at)
            select decode(w.token, 'hex'), ${deps.demoBalance}::bigint + w.win, ${deps.now().toISOString()}::timestamptz
            from unnest(${tokens}::text[], ${amounts}::bigint[]) with ordinality as w(token, win, n)
            order by w.n
            on conflict (token_hash) do update
              set balance = demo_balances.balance + (excluded.balance - ${deps.demoBalance}::bigint)
            returning encode(token_hash, 'hex') as token, balance`,
      );
      return new Map(rows.map((row) => [row.token, Number(row.balance)]));
    },

    /**
     * Pays what the round returns and closes it at the casino (`kometa-{round}-win`, at most once).
     * Demo rounds are credited on play money. Answers the status and the balance after.
     */
    async pay(
      session: Pick<PlaySession, 'provider' | 'mode' | 'token' | 'user' | 'tokenHash'>,
      round: { id: number; game: string; currency: CurrencyCode; win: number },
    ): Promise<{ status: string; balance: number | null }> {
      if (session.mode === 'demo') {
        return { status: ProviderStatus.OK, balance: await demoMove(session as PlaySession, round.win) };
      }
      const answer = await deps.casinos[session.provider].win({
        request_uuid: crypto.randomUUID(),
        token: session.token,
        user: session.user as string,
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

    /**
     * Refuses a round whose bet the casino never received and rolls the bet back there, so a late copy
     * of it is refused (false when the round moved on meanwhile).
     */
    async cancel(
      session: Pick<PlaySession, 'provider' | 'token' | 'user'>,
      round: { id: number; game: string },
    ) {
      return (await cancelBet(session, round, 0, 'bet not received by the casino')) !== null;
    },
  };
}

export type RoundMoney = ReturnType<typeof createRoundMoney>;
