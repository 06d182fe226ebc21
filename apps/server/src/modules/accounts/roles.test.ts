import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { countsInPublicFigures, rolesOf } from './roles.ts';

const t = useTestApp();

describe('roles of spec §6', () => {
  it('come from the stored labels only', () => {
    expect(rolesOf([])).toEqual({ fake: false, tester: false, vip: false, verified: false });
    expect(rolesOf(['f'])).toMatchObject({ fake: true });
    expect(rolesOf(['tester', 'vip_club'])).toMatchObject({ tester: true, vip: true, fake: false });
    expect(rolesOf(['user_document_verify_operator_accepted']).verified).toBe(true);
    expect(countsInPublicFigures(rolesOf(['f']))).toBe(false);
    expect(countsInPublicFigures(rolesOf(['tester']))).toBe(false);
    expect(countsInPublicFigures(rolesOf(['vip_club']))).toBe(true);
  });

  it('shows an operator label change on the very next GET /users/self', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v18/registration',
      payload: {
        email: 'labels@example.com',
        password: 'kometa-correct-horse',
        birthday: { day: 1, month: 1, year: 1990 },
        agreeRules: true,
      },
    });
    const token = registered.json().data.token as string;
    const self = async () =>
      (await t.app.inject({ url: '/api/v18/users/self', headers: { 'auth-token': token } })).json().data;
    expect((await self()).inVipClubUser).toBe(false);
    await t.platform.database.db.execute(
      sql`update users set labels = array['vip_club', 'user_document_verify_accepted'] where email = 'labels@example.com'`,
    );
    const after = await self();
    expect(after.labels).toEqual(['vip_club', 'user_document_verify_accepted']);
    expect(after.inVipClubUser).toBe(true);
    expect(after.isVerifyAcceptedUser).toBe(true);
  });
});
