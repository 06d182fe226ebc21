import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { manualClock } from '../../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
const t = useTestApp({ clock });

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { 'auth-token': token } : {} });

describe('token login (auth parameter)', () => {
  it('exchanges a one-time token for a new session of the same player, once, within two minutes', async () => {
    const session = (
      await post('/api/v18/registration', {
        email: 'tl@example.com',
        password: 'kometa-correct-horse',
        birthday: { day: 3, month: 3, year: 1993 },
        agreeRules: true,
      })
    ).json().data.token;
    expect((await post('/api/v18/users/self/loginToken', {})).statusCode).toBe(401);
    const issued = (await post('/api/v18/users/self/loginToken', {}, session)).json().data;
    expect(issued.ttl).toBe(120);
    const exchanged = await post('/api/v18/login/token', { token: issued.token });
    const fresh = exchanged.json().data.token;
    expect(fresh).not.toBe(session);
    expect((await t.get('/api/v18/users/self', { 'auth-token': fresh })).json().data.email).toBe(
      'tl@example.com',
    );
    expect((await post('/api/v18/login/token', { token: issued.token })).json().error.code).toBe(10);

    const late = (await post('/api/v18/users/self/loginToken', {}, session)).json().data.token;
    clock.advance(121_000);
    expect((await post('/api/v18/login/token', { token: late })).json().error.code).toBe(10);
  });
});
