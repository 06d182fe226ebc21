import { beforeAll, describe, expect, it } from 'vitest';
import type { PromotionInput } from '@kometa/contracts';
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

const clock = manualClock(Date.UTC(2026, 10, 25, 10, 0, 0));
// The site's list is guest-cached: these tests read it as a player, who is never served from the cache.
const t = useTestApp({ clock });

let marketing: OperatorSession;
let finance: OperatorSession;
let playerToken: string;
let serial = 0;

beforeAll(async () => {
  await createTestOperator(t.operator.operators, { email: 'marketing@promo.test', roles: ['marketing'] });
  await createTestOperator(t.operator.operators, { email: 'finance@promo.test', roles: ['finance'] });
  marketing = await signInOperator(t.app, clock, 'marketing@promo.test');
  finance = await signInOperator(t.app, clock, 'finance@promo.test');
  playerToken = (await registeredPlayer(t.app, t.platform.database.db, { email: 'promo-reader@example.com' }))
    .token;
});

const input = (over: Partial<PromotionInput> = {}): PromotionInput => ({
  slug: `autumn-${++serial}`,
  title: 'Осенний турнир слотов',
  summary: 'Крутите слоты — делите призовой фонд.',
  body: 'Первый абзац.\nВторой абзац.',
  terms: 'Первое правило.\nВторое правило.',
  image: '/media/promotions/cashback.svg',
  badge: 'Новое',
  startsAt: null,
  endsAt: null,
  action: 'gifts',
  actionLabel: 'К подаркам',
  actionPath: '/gifts',
  offerId: null,
  claimEvery: 'once',
  position: 0,
  active: true,
  ...over,
});

const site = async () =>
  (await t.app.inject({ url: '/api/v18/promotions', headers: { 'auth-token': playerToken } })).json()
    .data as { slug: string; title: string; status: string }[];
/** What a guest's browser is shown (guest-cached answers). */
const guestSite = async () =>
  ((await t.app.inject({ url: '/api/v18/promotions' })).json().data as { slug: string }[]).map((p) => p.slug);
const auditOf = (action: string, id: number) => auditRowsOf(t.platform.database.db, action, String(id));

describe('promotions in the back office (ADR 040)', () => {
  it('marketing creates a promotion that the site lists, changes it and switches it off; each audited', async () => {
    // A guest's list is cached before the change; the change shows to guests at once all the same.
    expect(await guestSite()).not.toContain('autumn-slots');
    const created = await adminCall(t.app, marketing, 'POST', '/promotions', input({ slug: 'autumn-slots' }));
    expect(created.statusCode).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({ slug: 'autumn-slots', state: 'live', active: true, actionPath: '/gifts' });
    const [audited] = await auditOf('promotion.create', row.id);
    expect(audited!.operator_id).toBe(marketing.id);
    expect(audited).toMatchObject({
      after: expect.objectContaining({ slug: 'autumn-slots', title: 'Осенний турнир слотов' }),
    });
    expect((await site()).map((p) => p.slug)).toContain('autumn-slots');
    expect(await guestSite()).toContain('autumn-slots');
    const detail = await t.app.inject({
      url: '/api/v18/promotions/autumn-slots',
      headers: { 'auth-token': playerToken },
    });
    expect(detail.json().data).toMatchObject({
      body: ['Первый абзац.', 'Второй абзац.'],
      terms: ['Первое правило.', 'Второе правило.'],
    });

    // A later start: shown as coming.
    const startsAt = new Date(clock.now() + 86_400_000).toISOString();
    const changed = await adminCall(
      t.app,
      marketing,
      'PUT',
      `/promotions/${row.id}`,
      input({ slug: 'autumn-slots', title: 'Скоро: турнир', startsAt }),
    );
    expect(changed.json().data).toMatchObject({ title: 'Скоро: турнир', state: 'soon' });
    expect((await site()).find((p) => p.slug === 'autumn-slots')).toMatchObject({
      title: 'Скоро: турнир',
      status: 'soon',
    });
    expect(await auditOf('promotion.update', row.id)).toHaveLength(1);

    const off = await adminCall(t.app, marketing, 'POST', `/promotions/${row.id}/deactivate`);
    expect(off.json().data).toMatchObject({ active: false, state: 'inactive' });
    expect((await site()).map((p) => p.slug)).not.toContain('autumn-slots');
    expect(await guestSite()).not.toContain('autumn-slots');
    // Switching off twice writes one row.
    await adminCall(t.app, marketing, 'POST', `/promotions/${row.id}/deactivate`);
    expect(await auditOf('promotion.deactivate', row.id)).toHaveLength(1);
    expect(
      (await adminCall(t.app, marketing, 'POST', `/promotions/${row.id}/activate`)).json().data.active,
    ).toBe(true);
    expect(
      (await adminCall(t.app, marketing, 'GET', '/promotions')).json().data.map((p: { id: number }) => p.id),
    ).toContain(row.id);
  });

  it('names every mistake in Russian keys, and refuses a taken slug and an offer that does not exist', async () => {
    const bad = await adminCall(t.app, marketing, 'POST', '/promotions', {
      ...input(),
      slug: 'Осень!',
      title: '',
      image: 'javascript:alert(1)',
      action: 'claim',
      offerId: null,
      endsAt: '2026-11-01T00:00:00.000Z',
      startsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      slug: 'errors.promotion_admin.bad_slug',
      title: 'errors.promotion_admin.title_required',
      image: 'errors.promotion_admin.bad_image',
    });
    await adminCall(t.app, marketing, 'POST', '/promotions', input({ slug: 'taken' }));
    const taken = await adminCall(t.app, marketing, 'POST', '/promotions', input({ slug: 'taken' }));
    expect(taken.json().error.fields).toEqual({ slug: 'errors.promotion_admin.slug_taken' });
    const ghost = await adminCall(
      t.app,
      marketing,
      'POST',
      '/promotions',
      input({ action: 'claim', offerId: 999_999 }),
    );
    expect(ghost.json().error.fields).toEqual({ offerId: 'errors.promotion_admin.offer_not_found' });
    const noPath = await adminCall(
      t.app,
      marketing,
      'POST',
      '/promotions',
      input({ action: 'game', actionPath: null }),
    );
    expect(noPath.json().error.fields).toEqual({ actionPath: 'errors.promotion_admin.path_required' });
  });

  it('a claimable promotion gives its offer; finance may not edit promotions', async () => {
    const offerId = await t.operator.gifts.createOffer({
      kind: 'bonus_money',
      title: 'Подарок акции',
      description: '',
      terms: 'Условия',
      image: null,
      currency: 'RUB',
      rules: {
        amount: 5_000,
        percent: null,
        minDeposit: null,
        wagerMultiplier: 10,
        maxBet: null,
        conversionCap: null,
        wagerDays: 7,
        contributions: {},
        excludedGames: [],
        freeSpins: null,
        cashbackPercent: null,
        points: null,
      },
      welcomeStep: null,
      choose: null,
      takeDays: null,
      startsAt: null,
      endsAt: null,
    });
    const created = await adminCall(
      t.app,
      marketing,
      'POST',
      '/promotions',
      input({ slug: 'claim-me', action: 'claim', offerId, actionLabel: 'Забрать', actionPath: '/ignored' }),
    );
    expect(created.json().data).toMatchObject({ action: 'claim', offerId, actionPath: null });
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v18/promotions/claim-me/claim',
      headers: { 'auth-token': playerToken },
    });
    expect(claimed.json()).toMatchObject({ success: true, data: { giftId: expect.any(Number) } });
    expect((await adminCall(t.app, finance, 'GET', '/promotions')).statusCode).toBe(403);
    expect((await adminCall(t.app, finance, 'POST', '/promotions', input())).statusCode).toBe(403);
  });
});
