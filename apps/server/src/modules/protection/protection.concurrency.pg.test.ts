import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { TEST_GAMES_SECRET, playerInGame, providerClient } from '../../../test/provider-client.ts';
import { systemClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';

/** Limits under real concurrency on PostgreSQL: money movements racing for the same remainder. */
const t = useTestApp({
  env: {
    KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
    DATABASE_POOL_SIZE: '40',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  },
});
const db = () => t.platform.database.db;
const provider = providerClient(() => t.app);
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  expect(await auditLedger(db())).toEqual([]);
});

let serial = 0;
async function player(funds: number) {
  const p = await playerInGame(t.app, db(), systemClock, { email: `rg-race${++serial}@example.com`, funds });
  const call = (method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v18${url}`, headers: { 'auth-token': p.authToken }, payload });
  return { ...p, call };
}

describe('limits under real concurrency (PostgreSQL)', () => {
  it('two concurrent deposits of 400 ₽ against 500 ₽ remaining: exactly one succeeds (30 seeds)', async () => {
    for (let seed = 0; seed < 30; seed++) {
      const p = await player(0);
      await p.call('PUT', '/games-limits/deposit', { period: 'day', amount: 100_000 });
      await p.call('PUT', '/games-limits/deposit', { period: 'day', amount: 50_000 });
      const answers = await Promise.all(
        [0, 1].map(() => p.call('POST', '/payments/deposits', { system: 'sandbox-card', amount: 40_000 })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
      const [row] = await queryRows<{ n: string }>(
        db(),
        sql`select count(*)::text as n from payments where user_id = ${p.userId} and direction = 'deposit'`,
      );
      expect(row?.n).toBe('1');
    }
  });

  it('8 concurrent deposits of 300 ₽ against 1 000 ₽: 3 reserve it; a failed one frees its share for exactly one more (5 seeds)', async () => {
    const open = (p: Awaited<ReturnType<typeof player>>, n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          p.call('POST', '/payments/deposits', { system: 'sandbox-card', amount: 30_000 }),
        ),
      );
    for (let seed = 0; seed < 5; seed++) {
      const p = await player(0);
      await p.call('PUT', '/games-limits/deposit', { period: 'day', amount: 100_000 });
      const first = await open(p, 8);
      const accepted = first.filter((a) => a.statusCode === 200);
      expect(accepted).toHaveLength(3);
      expect(first.filter((a) => a.statusCode === 403)).toHaveLength(5);
      // The player gives up one payment on the provider's page: its reservation is released at once.
      const failed = await fetch(accepted[0]!.json().data.redirectUrl as string, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'fail' }),
        redirect: 'manual',
      });
      expect(failed.status).toBe(303);
      while ((await t.platform.jobs.runDue()) > 0);
      const second = await open(p, 4);
      expect(second.map((a) => a.statusCode).sort()).toEqual([200, 403, 403, 403]);
      const [row] = await queryRows<{ open: string }>(
        db(),
        sql`select count(*)::text as open from payments
            where user_id = ${p.userId} and direction = 'deposit' and status not in (3, 4, 10)`,
      );
      expect(row?.open).toBe('3');
    }
  });

  it('20 concurrent provider bets of 100 against a loss limit of 1 000: exactly 10 accepted (10 seeds)', async () => {
    for (let seed = 0; seed < 10; seed++) {
      const p = await player(100_000);
      await p.call('PUT', '/games-limits/loss', { period: 'day', amount: 1_000 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const id = `loss-race-${seed}-${i}-${p.userId}`;
          return provider.call('/transaction/bet', {
            request_uuid: id,
            token: p.session,
            user: p.user,
            round: id,
            round_closed: false,
            game_code: 'dice',
            transaction_uuid: id,
            currency: 'RUB',
            amount: 100,
          });
        }),
      );
      const statuses = answers.map((a) => a.body.status);
      expect(statuses.filter((s) => s === 'RS_OK')).toHaveLength(10);
      expect(statuses.filter((s) => s === 'RS_ERROR_LIMIT_REACHED')).toHaveLength(10);
      const balance = await provider.call('/user/balance', { request_uuid: `b-${seed}`, token: p.session });
      expect(balance.body.balance).toBe(99_000);
    }
  });
});
