import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';
import { giftRules, GIFTS_TEST_NOW, offerInput } from './gifts.test-support.ts';

const clock = manualClock(GIFTS_TEST_NOW);
const t = useTestApp({ clock, env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_DAYS: '365' } });
const db = () => t.platform.database.db;

let risk: OperatorSession;
let marketing: OperatorSession;
let support: OperatorSession;
let content: OperatorSession;

beforeAll(async () => {
  for (const role of ['risk', 'marketing', 'support', 'content'] as const) {
    await createTestOperator(t.operator.operators, { email: `${role}@abuse.test`, roles: [role] });
  }
  risk = await signInOperator(t.app, clock, 'risk@abuse.test');
  marketing = await signInOperator(t.app, clock, 'marketing@abuse.test');
  support = await signInOperator(t.app, clock, 'support@abuse.test');
  content = await signInOperator(t.app, clock, 'content@abuse.test');
  await t.operator.gifts.createOffer(
    offerInput({ title: 'Приветственные 100 ₽', welcomeStep: 1, rules: giftRules({ amount: 10_000 }) }),
  );
});

/** A player registered through the API, once the registration's welcome pack has been handed out. */
async function newPlayer(email: string) {
  const { id, token } = await registeredPlayer(t.app, db(), { email });
  await t.activity.drain();
  const call = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api/v18${url}`, headers: { 'auth-token': token } });
  return { id, get: (url: string) => call('GET', url), post: (url: string) => call('POST', url) };
}

describe('bonus-abuse flags in the back office', () => {
  it('shows the operator who was refused a welcome gift, for which account, and why', async () => {
    const first = await newPlayer('olga.first@gmail.com');
    const gift = (await first.get('/gifts/welcome-pack')).json().data.steps[0].gift;
    expect((await first.post(`/gifts/self/${gift.id}`)).statusCode).toBe(200);

    // The same person: the same Gmail address, written another way.
    const second = await newPlayer('olgafirst+casino@gmail.com');
    const pack = (await second.get('/gifts/welcome-pack')).json().data;
    expect(pack.steps[0]).toMatchObject({ status: 'refused', reason: 'errors.gift.welcome_taken' });

    const flag = {
      player: { id: second.id, email: 'olgafirst+casino@gmail.com' },
      matched: { id: first.id, email: 'olga.first@gmail.com' },
      matchedOn: 'email',
      offer: { title: 'Приветственные 100 ₽' },
      at: expect.stringMatching(/^2026-11-25T/),
    };
    const list = await adminCall(t.app, risk, 'GET', '/abuse-flags?page=1&pageSize=25');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, items: [flag] });

    const ofPlayer = await adminCall(t.app, support, 'GET', `/players/${second.id}/abuse-flags`);
    expect(ofPlayer.statusCode, ofPlayer.body).toBe(200);
    expect(ofPlayer.json().data.items).toMatchObject([flag]);
    // The account that kept the gift sees the same flag on its card.
    const ofMatched = await adminCall(t.app, support, 'GET', `/players/${first.id}/abuse-flags`);
    expect(ofMatched.json().data.items).toMatchObject([flag]);

    const later = new Date(Date.parse(list.json().data.items[0].at) + 1000).toISOString();
    const none = await adminCall(t.app, risk, 'GET', `/abuse-flags?from=${encodeURIComponent(later)}`);
    expect(none.json().data).toMatchObject({ total: 0, items: [] });

    const exported = await adminCall(t.app, marketing, 'GET', '/abuse-flags/export?matchedOn=email');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain(`Тот же e-mail, что у игрока #${first.id}`);
  });

  it('refuses roles without the permission', async () => {
    expect((await adminCall(t.app, support, 'GET', '/abuse-flags')).statusCode).toBe(403);
    expect((await adminCall(t.app, content, 'GET', '/abuse-flags')).statusCode).toBe(403);
    expect((await adminCall(t.app, content, 'GET', '/abuse-flags/export')).statusCode).toBe(403);
    expect((await adminCall(t.app, marketing, 'GET', '/players/1/abuse-flags')).statusCode).toBe(403);
    expect((await adminCall(t.app, content, 'GET', '/players/1/abuse-flags')).statusCode).toBe(403);
  });
});
