import { sql } from 'drizzle-orm';
import { ProviderStatus, type ProviderAnswer } from '@kometa/contracts';
import { queryRows, type Db } from '@kometa/db';
import type { Casino } from '../casino.ts';
import type { GameProvider } from './sessions.ts';

/** How often the rollbacks due are looked for while the server's sweeps run. */
export const ROLLBACK_RETRY_MS = 2_000;

/**
 * Answers after which the same rollback may still succeed: the casino's own failure, or a refusal of
 * the call itself (nothing was done; keys may be put right). No answer at all is retried too; any
 * other answer is the casino's last word.
 */
const RETRYABLE = new Set<string>([
  ProviderStatus.UNKNOWN,
  ProviderStatus.INVALID_PARTNER,
  ProviderStatus.INVALID_SIGNATURE,
]);

/** A bet to give up: whose round, which of its bets, and what the rollback says at the casino. */
export interface BetToCancel {
  provider: GameProvider;
  roundId: number;
  /** 0 for the round's opening bet, n for the bet of a staking action's n-th attempt (ADR 016). */
  attempt: number;
  /** The rollback's own transaction id, the bet it undoes, and the round at the casino. */
  transactionId: string;
  reference: string;
  round: string;
  token: string;
  user: string;
  game: string;
  /** Why the round was not played (kept on the round). */
  reason: string;
}

interface RollbackRow {
  transaction_id: string;
  provider: GameProvider;
  round: string;
  reference: string;
  token: string;
  casino_user: string;
  game: string;
  round_closed: boolean;
}

/**
 * Rollbacks of bets whose answer never came (docs/provider-api.md, "Bets without an answer"). Giving a
 * bet up and recording its rollback is one statement, so neither happens without the other; the
 * rollback is then sent at once and, until the casino answers it definitely, again with backoff
 * (1 s, 2 s, 4 s… up to 10 minutes) by whichever instance claims it first, after a restart too.
 */
export function createRollbacks(deps: { db: Db; casinos: Record<GameProvider, Casino>; now: () => Date }) {
  /** Sends one rollback; answers whether the casino answered it definitely, and its balance. */
  async function send(row: RollbackRow): Promise<{ done: boolean; balance: number | null }> {
    let answer: ProviderAnswer | null;
    try {
      answer = await deps.casinos[row.provider].rollback({
        request_uuid: crypto.randomUUID(),
        token: row.token,
        user: row.casino_user,
        transaction_uuid: row.transaction_id,
        reference_transaction_uuid: row.reference,
        round: row.round,
        round_closed: row.round_closed,
        game_code: row.game,
      });
    } catch {
      answer = null; // no answer: the next attempt is already scheduled
    }
    if (answer === null || RETRYABLE.has(answer.status)) return { done: false, balance: null };
    if (answer.status !== ProviderStatus.OK)
      console.error(`the casino refused the rollback ${row.transaction_id}: ${answer.status}`);
    await deps.db.execute(
      sql`update bet_rollbacks set done_at = ${deps.now().toISOString()}::timestamptz,
                 answer = ${JSON.stringify(answer)}::jsonb
          where transaction_id = ${row.transaction_id}`,
    );
    return { done: true, balance: answer.status === ProviderStatus.OK ? (answer.balance ?? null) : null };
  }

  return {
    /**
     * Gives a bet up: its round forgets it (the opening bet refuses the round; a staking action's bet
     * drops the action's pending mark) and its rollback is recorded as sent once, in one statement;
     * then it is sent. Answers null, recording and sending nothing, when the round moved on meanwhile
     * (another call paid it or recorded the action: the bet then stands).
     */
    async cancel(bet: BetToCancel): Promise<{ balance: number | null } | null> {
      const forget =
        bet.attempt === 0
          ? sql`update rounds set status = 'refused', refusal = ${bet.reason}, session_token = null
                where id = ${bet.roundId}
                  and (status = 'settling' or (status = 'open' and jsonb_array_length(actions) = 0))
                returning id`
          : sql`update rounds set pending = null
                where id = ${bet.roundId} and status = 'open' and (pending ->> 'attempt')::int = ${bet.attempt}
                returning id`;
      const at = deps.now();
      const [row] = await queryRows<RollbackRow>(
        deps.db,
        sql`with forgotten as (${forget})
            insert into bet_rollbacks (transaction_id, provider, round_id, round, reference, token, casino_user,
                                       game, round_closed, attempts, next_at, created_at)
            select ${bet.transactionId}::text, ${bet.provider}::text, id, ${bet.round}::text, ${bet.reference}::text,
                   ${bet.token}::text, ${bet.user}::text, ${bet.game}::text, ${bet.attempt === 0}::boolean, 1,
                   ${at.toISOString()}::timestamptz + interval '1 second', ${at.toISOString()}::timestamptz
              from forgotten
            on conflict (transaction_id) do nothing
            returning transaction_id, provider, round, reference, token, casino_user, game, round_closed`,
      );
      if (!row) return null;
      const sent = await send(row);
      return { balance: sent.balance };
    },

    /** Sends the rollbacks that are due again; answers how many the casino answered definitely. */
    async retryDue(limit = 50): Promise<number> {
      const now = deps.now().toISOString();
      // Claimed by moving the next attempt on first, so two instances never send the same one together.
      const due = await queryRows<RollbackRow>(
        deps.db,
        sql`update bet_rollbacks
               set next_at = ${now}::timestamptz + least(power(2, attempts), 600) * interval '1 second',
                   attempts = attempts + 1
             where transaction_id in (
               select transaction_id from bet_rollbacks
                where done_at is null and next_at <= ${now}::timestamptz
                order by next_at limit ${limit} for update skip locked)
            returning transaction_id, provider, round, reference, token, casino_user, game, round_closed`,
      );
      const sent = await Promise.all(due.map(send));
      return sent.filter((result) => result.done).length;
    },
  };
}

export type Rollbacks = ReturnType<typeof createRollbacks>;
