import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OfferInput } from '@kometa/contracts';
import { auditRowsOf } from '../../../test/audit.ts';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 10, 0, 0));
const t = useTestApp({ clock });
afterEach(async () => {
  expect(await auditLedger(t.platform.database.db)).toEqual([]);
});

let marketing: OperatorSession;
let finance: OperatorSession;
let finance2: OperatorSession;
let support: OperatorSession;
let serial = 0;

beforeAll(async () => {
  const service = t.operator.operators;
  for (const [email, role] of [
    ['marketing@bonus.test', 'marketing'],
    ['finance@bonus.test', 'finance'],
    ['finance2@bonus.test', 'finance'],
    ['support@bonus.test', 'support'],
  ] as const) {
    await createTestOperator(service, { email, roles: [role] });
  }
  marketing = await signInOperator(t.app, clock, 'marketing@bonus.test');
  finance = await signInOperator(t.app, clock, 'finance@bonus.test');
  finance2 = await signInOperator(t.app, clock, 'finance2@bonus.test');
  support = await signInOperator(t.app, clock, 'support@bonus.test');
});

const db = () => t.platform.database.db;
const auditRows = (action: string, targetId?: string) => auditRowsOf(db(), action, targetId);

const offer = (over: Partial<OfferInput> = {}, rules: Partial<OfferInput['rules']> = {}): OfferInput => ({
  kind: 'bonus_money',
  title: `Бонус ${++serial}`,
  description: 'Сто рублей на слоты',
  terms: 'Вейджер ×3, 7 дней.',
  image: null,
  currency: 'RUB',
  takeDays: null,
  startsAt: null,
  endsAt: null,
  active: true,
  targeting: { labels: [], levels: [], currencies: [], countries: [] },
  ...over,
  rules: {
    amount: 10_000,
    percent: null,
    minDeposit: null,
    wagerMultiplier: 3,
    maxBet: 5_000,
    conversionCap: null,
    wagerDays: 7,
    contributions: { slots: 100, table: 10 },
    excludedGames: ['kometa:blackjack'],
    freeSpins: null,
    cashbackPercent: null,
    points: null,
    ...rules,
  },
});

async function createOffer(input: OfferInput): Promise<number> {
  const created = await adminCall(t.app, marketing, 'POST', '/offers', input);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.id;
}

async function player(labels: string[] = []) {
  const registered = await registeredPlayer(t.app, db(), { email: `bonus${++serial}@example.com` });
  if (labels.length > 0) {
    await db().execute(
      sql`update users set labels = ${`{${labels.join(',')}}`}::text[] where id = ${registered.id}`,
    );
  }
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v18${url}`,
      headers: { 'auth-token': registered.token },
      ...(payload ? { payload } : {}),
    });
  return { ...registered, api };
}

const grant = (session: OperatorSession, playerId: number, body: object) =>
  adminCall(t.app, session, 'POST', `/players/${playerId}/bonuses`, body);

describe('offers in the back office', () => {
  it('marketing creates an offer with every rule; support may not; Russian messages for bad rules', async () => {
    const input = offer(
      {
        kind: 'free_spins',
        targeting: { labels: ['tester'], levels: [], currencies: ['RUB'], countries: ['ru'] },
      },
      { amount: null, freeSpins: { count: 50, spinValue: 20, games: ['kometa:slots'] } },
    );
    const id = await createOffer(input);
    const shown = await adminCall(t.app, support, 'GET', `/offers/${id}`);
    expect(shown.statusCode).toBe(403);
    const read = (await adminCall(t.app, marketing, 'GET', `/offers/${id}`)).json().data;
    expect(read).toMatchObject({
      kind: 'free_spins',
      state: 'active',
      rules: {
        freeSpins: { count: 50, spinValue: 20, games: ['kometa:slots'] },
        excludedGames: ['kometa:blackjack'],
      },
      targeting: { labels: ['tester'], currencies: ['RUB'], countries: ['RU'] },
      cost: { given: 0, credited: 0, netCost: 0 },
    });
    const audit = await auditRows('offer.create', String(id));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.operator_id).toBe(marketing.id);

    expect((await adminCall(t.app, support, 'POST', '/offers', offer())).statusCode).toBe(403);

    const bad = await adminCall(t.app, marketing, 'POST', '/offers', {
      ...offer(
        { endsAt: '2026-11-01T00:00:00Z', startsAt: '2026-12-01T00:00:00Z' },
        { amount: null, wagerDays: 0 },
      ),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      'rules.amount': 'errors.offer.amount_required',
      'rules.wagerDays': 'errors.offer.bad_days',
      endsAt: 'errors.offer.ends_before_start',
    });
  });

  it('edits, schedules and switches an offer off, each audited; the list filters by kind and state', async () => {
    const id = await createOffer(offer({ kind: 'cashback' }, { amount: null, cashbackPercent: 10 }));
    const edited = await adminCall(
      t.app,
      marketing,
      'PUT',
      `/offers/${id}`,
      offer(
        { kind: 'cashback', title: 'Кешбэк 15 %', startsAt: '2026-12-01T00:00:00Z' },
        { amount: null, cashbackPercent: 15 },
      ),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Кешбэк 15 %',
      state: 'scheduled',
      rules: { cashbackPercent: 15 },
    });
    const off = await adminCall(t.app, marketing, 'POST', `/offers/${id}/deactivate`);
    expect(off.json().data.state).toBe('inactive');
    expect(await auditRows('offer.update', String(id))).toHaveLength(1);
    expect(await auditRows('offer.deactivate', String(id))).toHaveLength(1);

    const list = await adminCall(
      t.app,
      marketing,
      'GET',
      '/offers?kind=cashback&state=inactive&sort=id&order=desc',
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((o: { id: number }) => o.id)).toContain(id);
    expect(
      list
        .json()
        .data.items.every(
          (o: { kind: string; state: string }) => o.kind === 'cashback' && o.state === 'inactive',
        ),
    ).toBe(true);
    const csv = await adminCall(t.app, marketing, 'GET', '/offers/export?kind=cashback');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Кешбэк 15 %');
  });
});

describe('promo codes in the back office', () => {
  it('a code made by marketing works on the site; its uses show as used/cap; a taken code is refused', async () => {
    const offerId = await createOffer(offer());
    const code = `SPRING${serial}`;
    const created = await adminCall(t.app, marketing, 'POST', '/promo-codes', {
      code: code.toLowerCase(),
      offerId,
      cap: 2,
      vipOnly: false,
      startsAt: null,
      endsAt: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ code, used: 0, cap: 2 });
    const again = await adminCall(t.app, marketing, 'POST', '/promo-codes', {
      code,
      offerId,
      cap: null,
      vipOnly: false,
      startsAt: null,
      endsAt: null,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('errors.promo_admin.code_taken');
    expect((await adminCall(t.app, support, 'POST', '/promo-codes', {})).statusCode).toBe(403);

    const p = await player();
    const redeemed = await p.api('POST', '/gifts/promo', { code });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const list = await adminCall(t.app, marketing, 'GET', `/promo-codes?query=${code}`);
    expect(list.json().data.items).toEqual([expect.objectContaining({ code, used: 1, cap: 2 })]);
    expect(await auditRows('promo.create', code)).toHaveLength(1);
  });

  it('an offer targeted at VIP players refuses others, on a promo code and on a grant by hand', async () => {
    const offerId = await createOffer(
      offer({ targeting: { labels: ['vip'], levels: [], currencies: [], countries: [] } }),
    );
    const code = `VIPONLY${serial}`;
    await adminCall(t.app, marketing, 'POST', '/promo-codes', {
      code,
      offerId,
      cap: null,
      vipOnly: false,
      startsAt: null,
      endsAt: null,
    });
    const plain = await player();
    const refused = await plain.api('POST', '/gifts/promo', { code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('errors.gift.not_targeted');
    const byHand = await grant(finance, plain.id, {
      offerId,
      reason: 'Компенсация',
      idempotencyKey: randomUUID(),
    });
    expect(byHand.statusCode).toBe(403);
    expect(byHand.json().error.message).toBe('errors.gift.not_targeted');

    const vip = await player(['vip']);
    expect((await vip.api('POST', '/gifts/promo', { code })).statusCode).toBe(200);
  });
});

describe("a player's bonuses", () => {
  it('finance grants by hand with a reason: once per key, audited, shown on the player’s /gifts and to support', async () => {
    const offerId = await createOffer(offer());
    const p = await player();
    const key = randomUUID();
    expect(
      (await grant(marketing, p.id, { offerId, reason: 'Компенсация', idempotencyKey: key })).statusCode,
    ).toBe(403);
    const noReason = await grant(finance, p.id, { offerId, reason: ' ', idempotencyKey: key });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('errors.bonus_admin.reason_required');

    const first = await grant(finance, p.id, {
      offerId,
      reason: 'Обращение 42: сбой игры',
      idempotencyKey: key,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 'applied',
      gift: { offerId, state: 'available', source: `operator:${finance.id}` },
    });
    const second = await grant(finance, p.id, {
      offerId,
      reason: 'Обращение 42: сбой игры',
      idempotencyKey: key,
    });
    expect(second.json().data.gift.id).toBe(first.json().data.gift.id);

    const gifts = (await p.api('GET', '/gifts/self')).json().data as { offerId: number }[];
    expect(gifts.filter((g) => g.offerId === offerId)).toHaveLength(1);
    const audit = await auditRows('bonus.grant', String(p.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({
      offerId,
      reason: 'Обращение 42: сбой игры',
      giftId: first.json().data.gift.id,
    });

    const seen = await adminCall(t.app, support, 'GET', `/players/${p.id}/bonuses`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.items).toEqual([expect.objectContaining({ offerId, state: 'available' })]);
    expect((await adminCall(t.app, marketing, 'GET', `/players/${p.id}/bonuses`)).statusCode).toBe(403);
  });

  it('a grant sent twice at once (a double click) gives one gift; its key reused for another player is refused', async () => {
    const offerId = await createOffer(offer());
    const p = await player();
    const other = await player();
    const key = randomUUID();
    const body = { offerId, reason: 'Двойной клик', idempotencyKey: key };
    const [a, b] = await Promise.all([grant(finance, p.id, body), grant(finance, p.id, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.gift.id).toBe(b.json().data.gift.id);
    const gifts = await queryRows(
      db(),
      sql`select id from user_gifts where user_id = ${p.id} and offer_id = ${offerId}`,
    );
    expect(gifts).toHaveLength(1);
    expect(await auditRows('bonus.grant', String(p.id))).toHaveLength(1);
    const reused = await grant(finance, other.id, body);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe('errors.bonus_admin.key_reused');
  });

  it('a grant above the threshold waits for a second operator and is given once on approval', async () => {
    const offerId = await createOffer(offer({}, { amount: 500_000 }));
    const p = await player();
    const filed = await grant(finance, p.id, {
      offerId,
      reason: 'VIP-менеджер',
      idempotencyKey: randomUUID(),
    });
    expect(filed.json().data).toMatchObject({
      status: 'pending',
      gift: null,
      approval: { kind: 'bonus.grant', amount: 500_000 },
    });
    const approvalId = filed.json().data.approval.id;
    expect((await adminCall(t.app, finance, 'POST', `/approvals/${approvalId}/approve`, {})).statusCode).toBe(
      403,
    );
    expect((await p.api('GET', '/gifts/self')).json().data).toEqual([]);
    const approved = await adminCall(t.app, finance2, 'POST', `/approvals/${approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await p.api('GET', '/gifts/self')).json().data).toEqual([expect.objectContaining({ offerId })]);
    const audit = await auditRows('bonus.grant', String(p.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.operator_id).toBe(finance2.id);
    // Cashback has no value known in advance: it always waits, whatever its percent.
    const cashback = await createOffer(offer({ kind: 'cashback' }, { amount: null, cashbackPercent: 5 }));
    const waits = await grant(finance, p.id, {
      offerId: cashback,
      reason: 'VIP',
      idempotencyKey: randomUUID(),
    });
    expect(waits.json().data).toMatchObject({ status: 'pending', approval: { amount: null } });
  });

  it('cancelling a wagering bonus returns exactly its bonus balance, audited with the reason', async () => {
    const offerId = await createOffer(offer());
    const p = await player();
    const given = await grant(finance, p.id, { offerId, reason: 'Акция', idempotencyKey: randomUUID() });
    const giftId = given.json().data.gift.id;
    expect((await p.api('POST', `/gifts/self/${giftId}`)).json().data.state).toBe('wagering');
    const noPermission = await adminCall(
      t.app,
      support,
      'POST',
      `/players/${p.id}/bonuses/${giftId}/cancel`,
      { reason: 'Нарушение' },
    );
    expect(noPermission.statusCode).toBe(403);
    const cancelled = await adminCall(t.app, finance, 'POST', `/players/${p.id}/bonuses/${giftId}/cancel`, {
      reason: 'Нарушение правил акции',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      state: 'cancelled',
      forfeited: 10_000,
      finishReason: 'Нарушение правил акции',
    });
    const wallet = (
      await t.app.inject({ url: `/api/admin/players/${p.id}`, headers: { cookie: finance.cookie } })
    ).json().data;
    expect(wallet.wallets[0]).toMatchObject({ real: 0, bonus: 0 });
    const audit = await auditRows('bonus.cancel', String(p.id));
    expect(audit[0]!.after).toMatchObject({
      giftId,
      state: 'cancelled',
      bonusReturned: 10_000,
      reason: 'Нарушение правил акции',
    });
    const twice = await adminCall(t.app, finance, 'POST', `/players/${p.id}/bonuses/${giftId}/cancel`, {
      reason: 'Ещё раз',
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('what an offer cost', () => {
  it('equals the sums of its gifts’ ledger movements, over all time and over a period', async () => {
    const offerId = await createOffer(offer({}, { amount: 7_000, wagerMultiplier: 0 }));
    const wagering = await createOffer(offer({}, { amount: 3_000 }));
    const periodStart = new Date(clock.now()).toISOString();
    // Offer 1 without wagering: two players take it (paid straight to real money), one leaves it.
    for (let i = 0; i < 3; i++) {
      const p = await player();
      const given = await grant(finance, p.id, { offerId, reason: 'Тест', idempotencyKey: randomUUID() });
      if (i < 2) await p.api('POST', `/gifts/self/${given.json().data.gift.id}`);
      clock.advance(60_000);
    }
    // Offer 2: taken and cancelled (credited, then returned to the house).
    const p = await player();
    const given = await grant(finance, p.id, {
      offerId: wagering,
      reason: 'Тест',
      idempotencyKey: randomUUID(),
    });
    const giftId = given.json().data.gift.id;
    await p.api('POST', `/gifts/self/${giftId}`);
    await adminCall(t.app, finance, 'POST', `/players/${p.id}/bonuses/${giftId}/cancel`, {
      reason: 'Тест отмены',
    });

    // Independently: every leg of every `gift:<id>:…` transaction, by the offer of its gift.
    const legs = await queryRows<{ offer_id: string; kind: string; amount: string; at: string }>(
      db(),
      sql`select g.offer_id, a.kind, e.amount, t.created_at as at
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id
          join user_gifts g on t.idempotency_key like 'gift:' || g.id || ':%'`,
    );
    const expected = (id: number, from?: string) => {
      const mine = legs.filter(
        (l) => Number(l.offer_id) === id && (!from || new Date(l.at) >= new Date(from)),
      );
      const sum = (pick: (l: { kind: string; amount: number }) => number) =>
        mine.map((l) => ({ kind: l.kind, amount: Number(l.amount) })).reduce((s, l) => s + pick(l), 0);
      return {
        credited: sum((l) => (l.kind === 'bonus_cost' && l.amount < 0 ? -l.amount : 0)),
        converted: sum((l) => (l.kind === 'real' ? l.amount : 0)),
        forfeited: sum((l) => (l.kind === 'bonus_cost' && l.amount > 0 ? l.amount : 0)),
        netCost: sum((l) => (l.kind === 'bonus_cost' ? -l.amount : 0)),
      };
    };
    const one = (await adminCall(t.app, finance, 'GET', `/offers/${offerId}`)).json().data.cost;
    expect(one).toEqual({ given: 3, taken: 2, completed: 2, ...expected(offerId) });
    expect(one).toMatchObject({ credited: 14_000, converted: 14_000, forfeited: 0, netCost: 14_000 });
    const two = (await adminCall(t.app, finance, 'GET', `/offers/${wagering}`)).json().data.cost;
    expect(two).toEqual({ given: 1, taken: 1, completed: 0, ...expected(wagering) });
    expect(two).toMatchObject({ credited: 3_000, converted: 0, forfeited: 3_000, netCost: 0 });

    // A period starting after the first take counts only what happened within it.
    const later = new Date(Date.parse(periodStart) + 30_000).toISOString();
    const period = await adminCall(
      t.app,
      finance,
      'GET',
      `/offers/${offerId}?from=${encodeURIComponent(later)}`,
    );
    expect(period.json().data.cost).toEqual({
      given: 2,
      taken: 1,
      completed: 1,
      ...expected(offerId, later),
    });
    const listed = await adminCall(t.app, finance, 'GET', `/offers?sort=netCost&order=desc&pageSize=100`);
    const row = listed.json().data.items.find((o: { id: number }) => o.id === offerId);
    expect(row.cost).toEqual(one);
  });
});
