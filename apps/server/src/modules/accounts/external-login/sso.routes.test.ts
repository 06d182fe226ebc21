import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { 'auth-token': token } : {} });

describe('single sign-on by track id', () => {
  it('lets another site redeem the offered login once, and refuses made-up track ids', async () => {
    const session = (
      await post('/api/v18/registration', {
        email: 'sso@example.com',
        password: 'kometa-correct-horse',
        birthday: { day: 7, month: 7, year: 1977 },
        agreeRules: true,
      })
    ).json().data.token;
    const trackId = (await t.get('/api/v18/track')).json().data.track_id;
    expect((await post('/api/v18/login/sso', { trackId })).json().error.code).toBe(10);
    expect((await post('/api/v18/users/self/sso', { trackId }, session)).json()).toEqual({
      data: { success: true },
    });
    const other = (await post('/api/v18/login/sso', { trackId })).json().data.token;
    expect(other).not.toBe(session);
    expect((await t.get('/api/v18/users/self', { 'auth-token': other })).json().data.email).toBe(
      'sso@example.com',
    );
    expect((await post('/api/v18/login/sso', { trackId })).json().error.code).toBe(10);
    const forged = `${trackId.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect((await post('/api/v18/users/self/sso', { trackId: forged }, session)).json().error.fields).toEqual(
      { trackId: 'errors.invalid' },
    );
  });
});
