import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';

const DAY = 86_400_000;
const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({ clock, env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_DAYS: '365' } });
let serial = 0;

const guest = (url: string) => t.app.inject({ method: 'GET', url: `/api/v18${url}` });

async function player() {
  const { token } = await registeredPlayer(t.app, t.platform.database.db, {
    email: `promotions${++serial}@example.com`,
  });
  const call = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api/v18${url}`, headers: { 'auth-token': token } });
  return { get: (url: string) => call('GET', url), post: (url: string) => call('POST', url) };
}

describe('promotions', () => {
  it('a guest lists the demo promotions in order, with art, period and where each button leads', async () => {
    const list = await guest('/promotions');
    expect(list.statusCode).toBe(200);
    const cards = list.json().data;
    expect(cards.map((c: { slug: string }) => c.slug)).toEqual([
      'welcome-pack',
      'weekly-spins',
      'weekly-cashback',
      'promo-kometa',
      'star-reels-tournament',
    ]);
    expect(cards[0]).toMatchObject({
      title: 'Приветственный пакет до 25 000 ₽',
      image: '/media/promotions/welcome.svg',
      status: 'live',
      endsAt: Date.UTC(2026, 11, 31, 20, 59, 59) / 1000,
      action: { kind: 'deposit', label: 'Сделать депозит', path: '/payment/deposit' },
    });
    expect(cards[1]).toMatchObject({
      image: '/media/promotions/free-spins.svg',
      action: { kind: 'claim', label: 'Забрать фриспины', path: null },
    });
    // The weekly cashback is given on the first bet (ADR 031): its promotion leads to the gifts.
    expect(cards[2].action).toEqual({ kind: 'gifts', label: 'Мои подарки', path: '/gifts' });
    expect(cards[3].action).toMatchObject({ kind: 'gifts', path: '/gifts/promo' });
    expect(cards[4]).toMatchObject({
      status: 'soon',
      startsAt: (clock.now() + 7 * DAY) / 1000,
      action: { kind: 'game', path: '/game/kometa/kometa-video-slot' },
    });

    const art = await t.app.inject({ method: 'GET', url: '/media/promotions/welcome.svg' });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toContain('image/svg+xml');
  });

  it('shows one promotion’s text and numbered terms as plain lines; unknown or bad slugs are refused', async () => {
    const detail = (await guest('/promotions/welcome-pack')).json().data;
    expect(detail.body).toHaveLength(2);
    expect(detail.terms[1]).toBe('Первый депозит — от 500 ₽, бонус 100 % до 10 000 ₽, вейджер ×35.');
    expect((await guest('/promotions/no-such-thing')).statusCode).toBe(404);
    const bad = await guest('/promotions/Bad%20Slug');
    expect(bad.statusCode).toBe(400);
  });

  it('hides a promotion once it ended', async () => {
    await t.operator.promotions.create({
      slug: 'finished-one',
      title: 'Прошедшая акция',
      summary: 'Уже закончилась',
      body: '',
      terms: '',
      image: '/media/promotions/welcome.svg',
      badge: null,
      startsAt: null,
      endsAt: new Date(clock.now() - 1000),
      action: 'gifts',
      actionLabel: 'Подарки',
      actionPath: '/gifts',
      offerId: null,
      claimEvery: 'once',
      position: 0,
    });
    const slugs = (await guest('/promotions')).json().data.map((c: { slug: string }) => c.slug);
    expect(slugs).not.toContain('finished-one');
    expect((await guest('/promotions/finished-one')).statusCode).toBe(404);
  });

  it('a claimable promotion offers its gift once a week; other promotions cannot be claimed', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v18/promotions/weekly-spins/claim' })).statusCode,
    ).toBe(401);
    const p = await player();
    const claimed = await p.post('/promotions/weekly-spins/claim');
    expect(claimed.statusCode).toBe(200);
    const { giftId } = claimed.json().data;
    const spins = async () =>
      ((await p.get('/gifts/self?state=offered')).json().data as { kind: string }[]).filter(
        (gift) => gift.kind === 'free_spins',
      );
    expect(await spins()).toMatchObject([{ id: giftId, title: '20 фриспинов недели' }]);

    const again = await p.post('/promotions/weekly-spins/claim');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('errors.promotion.already_claimed');

    clock.advance(7 * DAY);
    expect((await p.post('/promotions/weekly-spins/claim')).statusCode).toBe(200);
    expect(await spins()).toHaveLength(2);

    for (const slug of ['welcome-pack', 'weekly-cashback', 'star-reels-tournament']) {
      const refused = await p.post(`/promotions/${slug}/claim`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('errors.promotion.not_claimable');
    }
  });
});
