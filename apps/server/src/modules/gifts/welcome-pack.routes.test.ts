import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GiftRules } from '@kometa/contracts';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer, playerCalls } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';
import { giftRules, offerInput } from './gifts.test-support.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({ clock, env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_DAYS: '365' } });
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});
const db = () => t.platform.database.db;

const rules = (over: Partial<GiftRules>): GiftRules =>
  giftRules({
    amount: 1_000_000,
    percent: 100,
    minDeposit: 50_000,
    wagerMultiplier: 35,
    maxBet: 50_000,
    ...over,
  });

const step = (welcomeStep: number, title: string, over: Partial<GiftRules>) =>
  t.operator.gifts.createOffer(
    offerInput({
      kind: 'deposit_bonus',
      title,
      description: `Шаг ${welcomeStep}`,
      terms: 'Условия приветственного бонуса',
      rules: rules(over),
      welcomeStep,
      takeDays: 14,
    }),
  );

let firstStep = 0;
beforeAll(async () => {
  firstStep = await step(1, '100 % к первому депозиту', {});
  await t.operator.promo.createCode({
    code: 'FIRSTSTEP',
    offerId: firstStep,
    cap: null,
    vipOnly: false,
    startsAt: null,
    endsAt: null,
  });
  await step(2, '50 % ко второму депозиту', { percent: 50, amount: 1_500_000, minDeposit: 100_000 });
});

let serial = 0;
async function newPlayer(email = `welcome${++serial}@example.com`) {
  const { id, token } = await registeredPlayer(t.app, db(), { email });
  return { id, ...playerCalls(t.app, token) };
}

async function deposit(userId: number, paymentId: number, amount: number) {
  await db().transaction((tx) =>
    t.activity.recorder.record(tx, {
      kind: 'deposit.succeeded',
      userId,
      payload: { paymentId, amount, currency: 'RUB', paymentSystem: 'test' },
    }),
  );
  await t.activity.drain();
}

const welcomeGifts = async (userId: number) =>
  queryRows<{ id: string; welcome_step: number; state: string }>(
    db(),
    sql`select id, welcome_step, state from user_gifts where user_id = ${userId} and welcome_step is not null
        order by welcome_step`,
  );

describe('the welcome pack', () => {
  it('offers a new player step 1, and step 2 once step 1’s bonus was applied to a deposit', async () => {
    const p = await newPlayer();
    await t.activity.drain();
    // The job gives what registrations asked for (the player's own call would too).
    expect(await t.operator.welcome.grantPending()).toBeGreaterThanOrEqual(1);

    const pack = (await p.get('/gifts/welcome-pack')).json().data;
    expect(pack.hasDeposited).toBe(false);
    expect(pack.steps.map((s: { step: number; status: string }) => [s.step, s.status])).toEqual([
      [1, 'granted'],
      [2, 'later'],
    ]);
    const first = pack.steps[0].gift;
    expect(first).toMatchObject({ state: 'available', welcomeStep: 1, title: '100 % к первому депозиту' });
    expect(pack.steps[1].gift).toBeNull();
    expect(pack.steps[1].rules).toMatchObject({ percent: 50, minDeposit: 100_000 });

    expect((await p.post(`/gifts/self/${first.id}`)).json().data.state).toBe('active');
    await deposit(p.id, 9001, 300_000);
    expect((await p.get(`/gifts/self/${first.id}`)).json().data).toMatchObject({
      state: 'wagering',
      bonusAmount: 300_000,
      requiredWager: 300_000 * 35,
    });

    const after = (await p.get('/gifts/welcome-pack')).json().data;
    expect(after.hasDeposited).toBe(true);
    expect(after.steps[1]).toMatchObject({ status: 'granted', gift: { state: 'available', welcomeStep: 2 } });
    expect((await welcomeGifts(p.id)).map((g) => g.welcome_step)).toEqual([1, 2]);
  });

  it('a deposit without the welcome bonus does not open the next step', async () => {
    const p = await newPlayer();
    await t.activity.drain();
    await deposit(p.id, 9002, 300_000);
    const pack = (await p.get('/gifts/welcome-pack')).json().data;
    expect(pack.hasDeposited).toBe(true);
    expect(pack.steps.map((s: { status: string }) => s.status)).toEqual(['granted', 'later']);
  });

  it('gives each step once when the registration is replayed and the job and the player ask together', async () => {
    const p = await newPlayer();
    await t.activity.drain();
    await t.activity.replay('gifts.welcome-pack', 1);
    await t.activity.drain();
    await Promise.all([t.operator.welcome.grantPending(), p.get('/gifts/welcome-pack')]);
    await t.activity.replay('gifts.welcome-pack', 1);
    await t.activity.drain();
    await t.operator.welcome.grantPending();
    expect(await welcomeGifts(p.id)).toHaveLength(1);
    const [reward] = await queryRows<{ n: string }>(
      db(),
      sql`select count(*) as n from rewards where reward_id = ${`welcome:${p.id}:1`} and status = 'granted'`,
    );
    expect(Number(reward!.n)).toBe(1);
  });

  it('a promo code for step 1 gives nothing new once the pack gave it, and the pack gives nothing new after the code', async () => {
    // The pack first: the code is refused with a reason the player understands, and not spent.
    const packFirst = await newPlayer();
    await t.activity.drain();
    await t.operator.welcome.grantPending();
    const refused = await packFirst.post('/gifts/promo', { code: 'FIRSTSTEP' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.code).toBe('errors.promo.gift_held');
    expect(await welcomeGifts(packFirst.id)).toHaveLength(1);

    // The code first: the pack's step 1 is the gift the code gave, shown as granted.
    const codeFirst = await newPlayer();
    const redeemed = await codeFirst.post('/gifts/promo', { code: 'FIRSTSTEP' });
    expect(redeemed.json().data).toMatchObject({ welcomeStep: 1, state: 'available' });
    await t.activity.drain();
    await t.operator.welcome.grantPending();
    const gifts = await welcomeGifts(codeFirst.id);
    expect(gifts).toHaveLength(1);
    const pack = (await codeFirst.get('/gifts/welcome-pack')).json().data;
    expect(pack.steps[0]).toMatchObject({ status: 'granted', gift: { id: Number(gifts[0]!.id) } });

    // Both at once: still one.
    const together = await newPlayer();
    await t.activity.drain();
    await Promise.all([
      t.operator.welcome.grantPending(),
      together.post('/gifts/promo', { code: 'FIRSTSTEP' }),
    ]);
    expect(await welcomeGifts(together.id)).toHaveLength(1);
  });

  it('refuses the pack to a second account of someone who took it, and records the match', async () => {
    const first = await newPlayer('anna.welcome@gmail.com');
    await t.activity.drain();
    const gift = (await first.get('/gifts/welcome-pack')).json().data.steps[0].gift;
    expect((await first.post(`/gifts/self/${gift.id}`)).statusCode).toBe(200);

    const second = await newPlayer('annawelcome+casino@gmail.com');
    await t.activity.drain();
    const pack = (await second.get('/gifts/welcome-pack')).json().data;
    expect(pack.steps[0]).toMatchObject({
      status: 'refused',
      reason: 'errors.gift.welcome_taken',
      gift: null,
    });
    expect(await welcomeGifts(second.id)).toHaveLength(0);
    const flags = await queryRows<{ matched_user_id: string; matched_on: string }>(
      db(),
      sql`select matched_user_id, matched_on from gift_abuse_flags where user_id = ${second.id}`,
    );
    expect(flags.map((f) => [Number(f.matched_user_id), f.matched_on])).toEqual([[first.id, 'email']]);
  });

  it('refuses the pack to a player who may receive nothing (self-excluded), with the reason kept', async () => {
    const p = await newPlayer();
    await db().execute(sql`insert into rg_exclusions (user_id, kind, option, started_at, until)
      values (${p.id}, 'self_exclusion', '6m', ${new Date(clock.now() - 60_000).toISOString()}, null)`);
    await t.activity.drain();
    await t.operator.welcome.grantPending();
    const [row] = await queryRows<{ status: string; reason: string | null }>(
      db(),
      sql`select status, reason from welcome_grants where user_id = ${p.id} and step = 1`,
    );
    expect(row).toEqual({ status: 'refused', reason: 'self_excluded' });
    expect(await welcomeGifts(p.id)).toHaveLength(0);
  });

  it('answers a guest with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v18/gifts/welcome-pack' })).statusCode).toBe(401);
  });
});
