import { describe, expect, it } from 'vitest';
import { requirePostgresAndRedis } from '../harness.ts';
import { casino, paymentOf } from './casino.ts';
import {
  acknowledged,
  expectedBalances,
  fundedPlayers,
  lanesFor,
  ledgerKeyOf,
  nameOf,
  paymentIdOf,
  perform,
  settleDeposits,
  type Tracked,
} from './operations.ts';
import { sleep, startServer, type ServerProcess } from './processes.ts';
import { useFaultStage } from './stage.ts';

requirePostgresAndRedis();

/**
 * The API process is SIGKILLed while deposits, withdrawals, bets and wins are in flight, then started
 * again on the same database, and every operation is sent again with the same ids. Nothing may be lost
 * half-way and nothing may happen twice.
 */
describe('the API process killed mid-operation', () => {
  const stage = useFaultStage();

  it('applies every operation exactly once or not at all after SIGKILL, restart and retry', async () => {
    const { books } = stage;
    const env = stage.serverEnv();
    const first: ServerProcess = await startServer(env);
    const before = casino(first.url);
    const players = await fundedPlayers(before, books, 'kill', 4);
    const lanes = players.flatMap((player) => lanesFor(player, 'kill'));
    const tracked = new Map<string, Tracked>();
    for (const op of lanes.flat()) tracked.set(nameOf(op), { op, replies: [], started: false });
    const all = [...tracked.values()];
    const ackedCount = () => all.filter((t) => t.replies.some((reply) => acknowledged(t.op, reply))).length;

    // Every lane sends its operations one after another until the server stops answering.
    let killed = false;
    const running = lanes.map(async (lane) => {
      for (const op of lane) {
        if (killed) return;
        const entry = tracked.get(nameOf(op))!;
        entry.started = true;
        const reply = await perform(before, op);
        entry.replies.push(reply);
        if (reply.status === 0) return;
      }
    });
    // Kill once about a third of the work is acknowledged: the rest is in flight or not sent yet.
    const deadline = Date.now() + 20_000;
    while (ackedCount() < all.length / 3 && Date.now() < deadline) await sleep(2);
    const inFlight = all.filter((t) => t.started && t.replies.length === 0).map((t) => nameOf(t.op));
    const exit = await first.kill('SIGKILL');
    killed = true;
    await Promise.all(running);
    expect(exit.signal).toBe('SIGKILL');
    const ackedBeforeKill = ackedCount();
    expect(ackedBeforeKill).toBeGreaterThan(0);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(ackedBeforeKill).toBeLessThan(all.length);
    const firstAnswers = new Map(
      all.flatMap((t) => {
        const ok = t.replies.find((reply) => acknowledged(t.op, reply));
        return ok ? [[nameOf(t.op), ok] as const] : [];
      }),
    );

    // The same process image again on the same database; every operation is retried with its ids.
    const second = await startServer(env);
    const after = casino(second.url);
    await Promise.all(
      lanes.map(async (lane) => {
        for (const op of lane) tracked.get(nameOf(op))!.replies.push(await perform(after, op));
      }),
    );
    for (const entry of all) {
      const retry = entry.replies.at(-1)!;
      expect(
        acknowledged(entry.op, retry),
        `${nameOf(entry.op)}: ${retry.status} ${JSON.stringify(retry.body)}`,
      ).toBe(true);
      // An operation acknowledged before the kill answers the same on retry: the original, not a second one.
      const original = firstAnswers.get(nameOf(entry.op));
      if (!original) continue;
      if (entry.op.kind === 'bet' || entry.op.kind === 'win') expect(retry.body).toEqual(original.body);
      else expect(paymentOf(retry)?.id).toBe(paymentOf(original)?.id);
    }

    const deposits = all
      .filter((t) => t.op.kind === 'deposit')
      .map((t) => ({ key: nameOf(t.op), paymentId: paymentIdOf(t), amount: t.op.amount }));
    const depositStatus = await settleDeposits(after, books, deposits);
    // Every deposit is credited: one the crash cut off before the provider knew it is opened by its retry.
    for (const deposit of deposits) expect(depositStatus.get(deposit.key), deposit.key).toBe(3);
    // No withdrawal stays held half-way: one the crash left in NEW (or CONFIRMED without its payout job)
    // is carried on by its retry and reaches the provider, which pays it within seconds.
    const withdrawals = all.filter((t) => t.op.kind === 'withdrawal').map(paymentIdOf);
    const unsent = () =>
      books.query<{ id: string; status: number }>(
        'select id::text, status from payments where id = any($1::bigint[]) and status in (1, 6)',
        [withdrawals],
      );
    const sentBy = Date.now() + 10_000;
    while ((await unsent()).length > 0 && Date.now() < sentBy) await sleep(100);
    expect(await unsent()).toEqual([]);
    const withdrawalStatus = new Map<string, number>();
    for (const entry of all.filter((t) => t.op.kind === 'withdrawal')) {
      const [row] = await books.query<{ status: number }>('select status from payments where id = $1', [
        paymentIdOf(entry),
      ]);
      withdrawalStatus.set(nameOf(entry.op), row!.status);
    }

    // Balances: exactly the operations acknowledged, once each, through the API and in the ledger.
    const expected = expectedBalances(all, depositStatus, withdrawalStatus);
    const stored = await books.realBalances();
    for (const player of players) {
      expect(await after.balance(player.token)).toBe(expected.get(player.userId));
      expect(stored.get(player.userId)).toBe(expected.get(player.userId));
    }
    const counted = await books.postings(
      all
        .filter((t) => t.op.kind !== 'deposit' || depositStatus.get(nameOf(t.op)) === 3)
        .map((t) => ledgerKeyOf(t)),
    );
    expect([...counted].filter(([, n]) => n !== 1)).toEqual([]);
    // One payment per idempotency key (the funding deposit, three deposits, two withdrawals per player).
    const [payments] = await books.query<{ n: string; keys: string }>(
      `select count(*)::text as n, count(distinct (user_id, client_key))::text as keys from payments
        where user_id = any($1::bigint[])`,
      [players.map((player) => player.userId)],
    );
    expect(payments).toEqual({ n: String(players.length * 6), keys: String(players.length * 6) });

    expect(await books.audit()).toEqual([]);
    expect(await books.halfWritten()).toEqual([]);
    await second.kill('SIGKILL');
  }, 150_000);
});
