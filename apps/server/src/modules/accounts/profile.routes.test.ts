import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
let seq = 0;

async function register() {
  seq++;
  const body = {
    email: `profile${seq}@example.com`,
    password: 'kometa-correct-horse',
    birthday: { day: 2, month: 3, year: 1985 },
    agreeRules: true,
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/v18/registration', payload: body });
  return { body, token: res.json().data.token as string };
}

const call = (method: 'PUT' | 'PATCH' | 'POST' | 'GET', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'auth-token': token }, ...(payload ? { payload } : {}) });

describe('change password', () => {
  it('needs the old password, applies the policy, ends the other sessions and keeps this one', async () => {
    const { body, token } = await register();
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v18/lookup/email',
      payload: { email: body.email, password: body.password },
    });
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v18/login/lookup',
        payload: { lookup: lookup.json().data.lookup, password: body.password },
      })
    ).json().data.token;

    const wrongOld = await call('PUT', '/api/v18/users/self/password', token, {
      oldPassword: 'not-it-at-all',
      newPassword: 'a-new-long-secret',
    });
    expect(wrongOld.json().error.fields).toEqual({ oldPassword: 'errors.password.old_mismatch' });
    const weak = await call('PUT', '/api/v18/users/self/password', token, {
      oldPassword: body.password,
      newPassword: 'qwerty123',
    });
    expect(weak.json().error.fields).toEqual({ newPassword: 'errors.password.too_common' });

    const ok = await call('PUT', '/api/v18/users/self/password', token, {
      oldPassword: body.password,
      newPassword: 'a-new-long-secret',
    });
    expect(ok.json()).toEqual({ data: { success: true } });
    expect((await call('GET', '/api/v18/users/self', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/v18/users/self', token)).statusCode).toBe(200);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v18/lookup/email',
      payload: { email: body.email, password: body.password },
    });
    expect(oldLogin.json().error.code).toBe(10);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v18/lookup/email',
      payload: { email: body.email, password: 'a-new-long-secret' },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('profile settings and denomination', () => {
  it('turns auto-logout off and on', async () => {
    const { token } = await register();
    const res = await call('PATCH', '/api/v18/users/self/settings', token, { autoLogout: false });
    expect(res.json().data.autoLogout).toBe(false);
    expect((await call('GET', '/api/v18/users/self', token)).json().data.autoLogout).toBe(false);
  });

  it('saves a denomination from the operator list, keeps the previous as default and restores it', async () => {
    const { token } = await register();
    const first = (await call('GET', '/api/v18/users/self', token)).json().data;
    expect([first.denomination, first.denominationDefaultUser]).toEqual([100, 100]);
    const changed = (
      await call('PUT', '/api/v18/users/self/denomination', token, { denomination: 1000 })
    ).json().data;
    expect([changed.denomination, changed.denominationDefaultUser]).toEqual([1000, 100]);
    const restored = (await call('POST', '/api/v18/users/self/denomination/restore', token)).json().data;
    expect(restored.denomination).toBe(100);
    const refused = await call('PUT', '/api/v18/users/self/denomination', token, { denomination: 7 });
    expect(refused.json().error.fields).toEqual({ denomination: 'errors.invalid' });
  });
});

describe('counters', () => {
  it('lists the three header counters and resets one', async () => {
    const { token } = await register();
    const me = (await call('GET', '/api/v18/users/self', token)).json().data;
    await t.platform.database.db.execute(
      sql`insert into user_counters (user_id, name, value) values (${me.id}, 'gift', 3), (${me.id}, 'unreadNotifications', 2)`,
    );
    expect((await call('GET', '/api/v18/users/self/counters', token)).json().data).toEqual([
      { name: 'gift', value: 3 },
      { name: 'userVipClub', value: 0 },
      { name: 'unreadNotifications', value: 2 },
    ]);
    expect((await call('PUT', '/api/v18/users/self/counters/gift/reset', token)).json().data).toEqual({
      name: 'gift',
      value: 0,
    });
    expect((await call('GET', '/api/v18/users/self/counters/gift', token)).json().data).toEqual({
      name: 'gift',
      value: 0,
    });
    expect((await call('GET', '/api/v18/users/self/counters/unknown', token)).statusCode).toBe(400);
    expect((await t.get('/api/v18/users/self/counters')).statusCode).toBe(401);
  });
});
