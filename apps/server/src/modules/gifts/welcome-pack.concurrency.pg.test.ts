import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../../test/harness.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

/** The welcome pack on real PostgreSQL, two instances: a registration gives its welcome gift once. */
const pair = useTwoInstances({ env: { DATABASE_POOL_SIZE: '20' } });

describe('the welcome pack under real concurrency', () => {
  it('two instances consuming, replaying and granting at once give each new player one welcome gift', async () => {
    const { a, b } = pair;
    await a.operator.gifts.createOffer(
      offerInput({
        kind: 'deposit_bonus',
        title: '100 % к первому депозиту',
        rules: giftRules({ amount: 1_000_000, percent: 100, minDeposit: 50_000, wagerMultiplier: 35 }),
        welcomeStep: 1,
        takeDays: 14,
      }),
    );
    const players = 20;
    for (let i = 0; i < players; i++) {
      const registered = await (i % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/api/v18/registration',
        payload: {
          email: `race-welcome-${i}@example.com`,
          password: 'kometa-correct-horse',
          birthday: { day: 1, month: 1, year: 1990 },
          agreeRules: true,
        },
      });
      expect(registered.statusCode).toBe(200);
    }
    // Both instances consume the stream at once; then the registrations are replayed on one of them
    // while both grant, twice over.
    await Promise.all([a.activity.drain(), b.activity.drain()]);
    await Promise.all([
      a.operator.welcome.grantPending(100),
      b.operator.welcome.grantPending(100),
      a.operator.welcome.grantPending(100),
    ]);
    await a.activity.replay('gifts.welcome-pack', 1);
    await Promise.all([
      a.activity.drain(),
      b.activity.drain(),
      a.operator.welcome.grantPending(100),
      b.operator.welcome.grantPending(100),
    ]);
    await Promise.all([a.operator.welcome.grantPending(100), b.operator.welcome.grantPending(100)]);

    const [row] = await queryRows<{ gifts: string; granted: string; rewards: string }>(
      a.platform.database.db,
      sql`select (select count(*) from user_gifts where welcome_step = 1) as gifts,
                 (select count(*) from welcome_grants where status = 'granted') as granted,
                 (select count(*) from rewards where reward_id like 'welcome:%') as rewards`,
    );
    expect({
      gifts: Number(row!.gifts),
      granted: Number(row!.granted),
      rewards: Number(row!.rewards),
    }).toEqual({ gifts: players, granted: players, rewards: players });
    const doubled = await queryRows<{ user_id: string }>(
      a.platform.database.db,
      sql`select user_id from user_gifts where welcome_step = 1 group by user_id having count(*) > 1`,
    );
    expect(doubled).toEqual([]);
    expect(await auditLedger(a.platform.database.db)).toEqual([]);
  });
});
