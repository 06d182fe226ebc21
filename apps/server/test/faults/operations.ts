import type { Books } from './books.ts';
import {
  betBody,
  newPlayer,
  paymentOf,
  redirectOf,
  winBody,
  type Casino,
  type Player,
  type Reply,
} from './casino.ts';
import { sleep } from './processes.ts';

/**
 * Money operations with fixed external ids (Idempotency-Key for the cashier, transaction_uuid for the
 * provider API), so that sending one again is exactly the retry a client or a provider makes.
 */
export type Operation =
  | { kind: 'deposit'; key: string; player: Player; amount: number }
  | { kind: 'withdrawal'; key: string; player: Player; amount: number }
  | { kind: 'bet'; id: string; round: string; player: Player; amount: number }
  | { kind: 'win'; id: string; bet: string; round: string; player: Player; amount: number };

export interface Tracked {
  op: Operation;
  /** Every answer the server gave to this operation, in order (status 0: no answer at all). */
  replies: Reply[];
  started: boolean;
}

export const FUNDS = 500_000;

export const nameOf = (op: Operation) => ('key' in op ? op.key : op.id);

/** Whether this answer acknowledges the operation (the client may consider it done). */
export function acknowledged(op: Operation, reply: Reply): boolean {
  if (op.kind === 'deposit' || op.kind === 'withdrawal') return reply.status === 200;
  return reply.status === 200 && reply.body.status === 'RS_OK';
}

/** Sends the operation once; a deposit that opens also gets the tester's "success" on the sandbox page. */
export async function perform(api: Casino, op: Operation): Promise<Reply> {
  switch (op.kind) {
    case 'deposit': {
      const reply = await api.deposit(op.player.token, op.amount, op.key);
      const redirect = reply.status === 200 ? redirectOf(reply) : null;
      if (redirect) await api.choose(redirect.split('/sandbox/pay/')[1] ?? '', 'success');
      return reply;
    }
    case 'withdrawal':
      return api.withdraw(op.player.token, op.amount, op.key);
    case 'bet':
      return api.provider('/transaction/bet', betBody(op.player, op.id, op.round, op.amount));
    case 'win':
      return api.provider('/transaction/win', winBody(op.player, op.id, op.bet, op.round, op.amount));
  }
}

/**
 * Two lanes per player, run side by side: the cashier (deposits and withdrawals) and a game (bets,
 * each followed by its win). Amounts differ per operation so that any double effect shows in a sum.
 */
export function lanesFor(player: Player, tag: string, pairs = 6): Operation[][] {
  const p = `${tag}-${player.userId}`;
  const cashier: Operation[] = [
    { kind: 'deposit', key: `${p}-dep-0`, player, amount: 10_000 },
    { kind: 'withdrawal', key: `${p}-wd-0`, player, amount: 10_100 },
    { kind: 'deposit', key: `${p}-dep-1`, player, amount: 20_000 },
    { kind: 'withdrawal', key: `${p}-wd-1`, player, amount: 12_300 },
    { kind: 'deposit', key: `${p}-dep-2`, player, amount: 30_000 },
  ];
  const game: Operation[] = [];
  for (let k = 0; k < pairs; k++) {
    const round = `${p}-round-${k}`;
    game.push({ kind: 'bet', id: `${p}-bet-${k}`, round, player, amount: 1_000 + 10 * k });
    game.push({ kind: 'win', id: `${p}-win-${k}`, bet: `${p}-bet-${k}`, round, player, amount: 500 + 7 * k });
  }
  return [cashier, game];
}

/** Players registered and launched through the API, each funded by one sandbox deposit (webhook by the job queue). */
export async function fundedPlayers(
  api: Casino,
  books: Books,
  tag: string,
  count: number,
): Promise<Player[]> {
  const players = await Promise.all(
    Array.from({ length: count }, (_, n) => newPlayer(api, `${tag}-${n}-${Date.now()}@example.com`)),
  );
  // Withdrawals need a confirmed e-mail and, in the demo settings, staked deposits: set as an operator would.
  await books.query(`update users set email_confirmed = true where id = any($1::bigint[])`, [
    players.map((player) => player.userId),
  ]);
  await books.query(
    `update settings set value = '{"enabled": false}'::jsonb where alias = 'withdrawal_restrictions'`,
  );
  for (const player of players) {
    const funded = await perform(api, { kind: 'deposit', key: `${tag}-fund`, player, amount: FUNDS });
    if (funded.status !== 200) throw new Error(`funding failed: ${JSON.stringify(funded.body)}`);
  }
  const deadline = Date.now() + 20_000;
  for (const player of players) {
    while ((await api.balance(player.token)) !== FUNDS) {
      if (Date.now() > deadline) throw new Error('the funding deposits were not credited within 20 s');
      await sleep(100);
    }
  }
  return players;
}

/**
 * Completes every deposit as the sandbox would: the tester's click where it never arrived, then the
 * provider's repeated success notification (signed, as real providers repeat theirs). Answers, per
 * deposit key, the payment's final status; a deposit the crash left without a provider reference can
 * never be paid and stays NEW.
 */
export async function settleDeposits(
  api: Casino,
  books: Books,
  deposits: { key: string; paymentId: number; amount: number }[],
): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  for (const deposit of deposits) {
    const [row] = await books.query<{ reference: string | null; status: number; sandbox: string | null }>(
      `select p.provider_reference as reference, p.status,
              (select s.status from sandbox_payments s where s.reference = p.provider_reference) as sandbox
         from payments p where p.id = $1`,
      [deposit.paymentId],
    );
    if (!row) throw new Error(`deposit ${deposit.key} has no payment row`);
    if (row.reference === null) {
      statuses.set(deposit.key, row.status);
      continue;
    }
    if (row.sandbox === 'new') await api.choose(row.reference, 'success');
    let answer: Reply | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      answer = await api.sandboxSuccess(row.reference, deposit.amount, `evt-retry-${deposit.key}-${attempt}`);
      if (answer.status === 200) break;
      await sleep(100);
    }
    const statusId = (answer?.body.data as { statusId?: number } | undefined)?.statusId;
    if (answer?.status !== 200 || statusId === undefined) {
      throw new Error(
        `the sandbox's notification for ${deposit.key} failed: ${JSON.stringify(answer?.body)}`,
      );
    }
    statuses.set(deposit.key, statusId);
  }
  return statuses;
}

/** The payment a cashier operation's (last acknowledged) answer names. */
export function paymentIdOf(tracked: Tracked): number {
  const last = [...tracked.replies].reverse().find((reply) => acknowledged(tracked.op, reply));
  const id = last ? paymentOf(last)?.id : undefined;
  if (id === undefined) throw new Error(`${nameOf(tracked.op)} was never acknowledged`);
  return id;
}

/**
 * What each player's real balance must be: the funding, plus every credited deposit, minus every
 * withdrawal held (and not released), minus every bet, plus every win the server acknowledged.
 */
export function expectedBalances(
  tracked: Tracked[],
  depositStatus: Map<string, number>,
  withdrawalStatus: Map<string, number>,
): Map<number, number> {
  const balances = new Map<number, number>();
  for (const { op, replies } of tracked) {
    const userId = op.player.userId;
    const ok = replies.some((reply) => acknowledged(op, reply));
    let change = 0;
    if (op.kind === 'deposit') change = depositStatus.get(op.key) === 3 ? op.amount : 0;
    if (op.kind === 'withdrawal' && ok)
      change = [4, 10].includes(withdrawalStatus.get(op.key) ?? 0) ? 0 : -op.amount;
    if (op.kind === 'bet' && ok) change = -op.amount;
    if (op.kind === 'win' && ok) change = op.amount;
    balances.set(userId, (balances.get(userId) ?? FUNDS) + change);
  }
  return balances;
}

/** The ledger keys each operation posts under (ADR 012/013/014), for the exactly-once count. */
export function ledgerKeyOf(tracked: Tracked): string {
  const { op } = tracked;
  if (op.kind === 'bet' || op.kind === 'win') return `provider:kometa:${op.id}`;
  return `payment:${paymentIdOf(tracked)}:${op.kind === 'deposit' ? 'credit' : 'hold'}`;
}
