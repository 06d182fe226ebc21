import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX, ADMIN_ROUTES, CSRF_HEADER } from '@kometa/contracts';
import { auditRowsOf } from '../../../test/audit.ts';
import { useTestApp } from '../../../test/harness.ts';
import { insertPlayers } from '../../../test/players.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  TEST_OPERATOR_PASSWORD,
  type OperatorSession,
} from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 2, 34, 0));
const t = useTestApp({ clock });
let admin: OperatorSession;
let finance: OperatorSession;
let support: OperatorSession;

const auditRows = (action: string, targetId?: string) =>
  auditRowsOf(t.platform.database.db, action, targetId);

beforeAll(async () => {
  const service = t.operator.operators;
  await createTestOperator(service, { email: 'admin@ops.test', roles: ['administrator'] });
  await createTestOperator(service, { email: 'finance@ops.test', roles: ['finance'] });
  await createTestOperator(service, { email: 'support@ops.test', roles: ['support'] });
  admin = await signInOperator(t.app, clock, 'admin@ops.test');
  finance = await signInOperator(t.app, clock, 'finance@ops.test');
  support = await signInOperator(t.app, clock, 'support@ops.test');
});

describe('the operator API', () => {
  it('serves exactly the routes of the contracts’ table', () => {
    for (const route of Object.values(ADMIN_ROUTES)) {
      expect(t.app.hasRoute({ method: route.method, url: `${ADMIN_PREFIX}${route.path}` }), route.path).toBe(
        true,
      );
    }
  });

  it('signs a new operator in with enrolment: QR, first code, recovery codes, then TOTP each time', async () => {
    const created = await adminCall(t.app, admin, 'POST', '/operators', {
      email: 'New.Operator@ops.test',
      name: 'Новый оператор',
      password: TEST_OPERATOR_PASSWORD,
      roles: ['support'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ email: 'new.operator@ops.test', totpEnrolled: false });

    const login = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_PREFIX}/session/login`,
      headers: { [CSRF_HEADER]: '1' },
      payload: { email: 'new.operator@ops.test', password: TEST_OPERATOR_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { next, enrolment, csrfToken } = login.json().data;
    expect(next).toBe('enrol');
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/admin');
    const pending = setCookie.split(';')[0]!;

    // The pending session opens nothing but the second step.
    expect(
      (await t.app.inject({ url: `${ADMIN_PREFIX}/session`, headers: { cookie: pending } })).statusCode,
    ).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_PREFIX}/session/enrol`,
      headers: { cookie: pending, [CSRF_HEADER]: csrfToken },
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const code = await generate({ secret: enrolment.secret, epoch: Math.floor(clock.now() / 1000) });
    const enrolled = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_PREFIX}/session/enrol`,
      headers: { cookie: pending, [CSRF_HEADER]: csrfToken },
      payload: { code },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const { recoveryCodes, operator } = enrolled.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(operator.permissions).toEqual([
      'dashboard.view',
      'players.search',
      'players.view',
      'players.rounds',
      'players.sessions',
      'players.sessions_end',
      'players.protection',
      'players.notes',
      'players.notes_add',
      'bonuses.player_view',
      'payments.list',
      'payment_systems.list',
      'kyc.list',
    ]);
    const session = String(enrolled.headers['set-cookie']).split(';')[0]!;
    expect(session).not.toBe(pending);
    expect(
      (await t.app.inject({ url: `${ADMIN_PREFIX}/session`, headers: { cookie: session } })).statusCode,
    ).toBe(200);
    expect((await auditRows('operator.totp_enrol', String(operator.id))).length).toBe(1);

    // Next time: password, then a recovery code (once).
    clock.advance(30_000);
    const again = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_PREFIX}/session/login`,
      headers: { [CSRF_HEADER]: '1' },
      payload: { email: 'new.operator@ops.test', password: TEST_OPERATOR_PASSWORD },
    });
    expect(again.json().data).toMatchObject({ next: 'totp', enrolment: null });
    const secondPending = String(again.headers['set-cookie']).split(';')[0]!;
    const viaRecovery = () =>
      t.app.inject({
        method: 'POST',
        url: `${ADMIN_PREFIX}/session/totp`,
        headers: { cookie: secondPending, [CSRF_HEADER]: again.json().data.csrfToken },
        payload: { code: recoveryCodes[0] },
      });
    expect((await viaRecovery()).statusCode).toBe(200);
    expect((await viaRecovery()).statusCode).toBe(401);
  });

  it('locks sign-in after five wrong passwords, and answers an unknown e-mail like a wrong password', async () => {
    await createTestOperator(t.operator.operators, { email: 'guessed@ops.test', roles: ['content'] });
    const attempt = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: `${ADMIN_PREFIX}/session/login`,
        headers: { [CSRF_HEADER]: '1' },
        payload: { email, password },
      });
    expect((await attempt('nobody@ops.test', 'whatever')).json().error.code).toBe(10);
    for (let i = 0; i < 5; i++)
      expect((await attempt('guessed@ops.test', `wrong-${i}`)).statusCode).toBe(400);
    const locked = await attempt('guessed@ops.test', TEST_OPERATOR_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('errors.admin.locked');
    clock.advance(15 * 60_000);
    expect((await attempt('guessed@ops.test', TEST_OPERATOR_PASSWORD)).statusCode).toBe(200);
  });

  it('needs the CSRF token on every change, and refuses a sign-in without the header', async () => {
    const withoutToken = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_PREFIX}/operators/1/block`,
      headers: { cookie: admin.cookie },
    });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json().error.message).toBe('errors.admin.csrf');
    const login = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_PREFIX}/session/login`,
      payload: { email: 'admin@ops.test', password: TEST_OPERATOR_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
  });

  it('ends a session idle for 30 minutes, and at logout', async () => {
    await createTestOperator(t.operator.operators, { email: 'idle@ops.test', roles: ['content'] });
    const idle = await signInOperator(t.app, clock, 'idle@ops.test');
    clock.advance(29 * 60_000);
    expect((await adminCall(t.app, idle, 'GET', '/dashboard')).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    expect((await adminCall(t.app, idle, 'GET', '/dashboard')).statusCode).toBe(200);
    clock.advance(31 * 60_000);
    expect((await adminCall(t.app, idle, 'GET', '/dashboard')).statusCode).toBe(401);

    const leaving = await signInOperator(t.app, clock, 'idle@ops.test');
    const out = await adminCall(t.app, leaving, 'POST', '/session/logout');
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await adminCall(t.app, leaving, 'GET', '/session')).statusCode).toBe(401);
    // The operators of this file were idle all along: they sign in again.
    expect((await adminCall(t.app, admin, 'GET', '/session')).statusCode).toBe(401);
    admin = await signInOperator(t.app, clock, 'admin@ops.test');
    finance = await signInOperator(t.app, clock, 'finance@ops.test');
    support = await signInOperator(t.app, clock, 'support@ops.test');
  });
});

describe('operators management, each change audited with before and after', () => {
  it('assigns roles, blocks (ending sessions), unblocks and resets TOTP', async () => {
    await createTestOperator(t.operator.operators, { email: 'managed@ops.test', roles: ['content'] });
    const managed = await signInOperator(t.app, clock, 'managed@ops.test');
    const id = String(managed.id);

    const roles = await adminCall(t.app, admin, 'PUT', `/operators/${id}/roles`, {
      roles: ['marketing', 'support'],
    });
    expect(roles.json().data.roles).toEqual(['marketing', 'support']);
    expect((await auditRows('operator.roles', id)).map((r) => [r.before, r.after])).toEqual([
      [{ roles: ['content'] }, { roles: ['marketing', 'support'] }],
    ]);
    // Permissions follow the roles at once.
    expect((await adminCall(t.app, managed, 'GET', '/players?query=1')).statusCode).toBe(200);

    expect((await adminCall(t.app, admin, 'POST', `/operators/${id}/block`)).json().data.status).toBe(
      'blocked',
    );
    expect((await adminCall(t.app, managed, 'GET', '/session')).statusCode).toBe(401);
    expect((await auditRows('operator.block', id)).map((r) => [r.before, r.after])).toEqual([
      [{ status: 'active' }, { status: 'blocked' }],
    ]);
    expect((await adminCall(t.app, admin, 'POST', `/operators/${id}/unblock`)).json().data.status).toBe(
      'active',
    );
    expect((await auditRows('operator.unblock', id)).map((r) => r.after)).toEqual([{ status: 'active' }]);

    const reset = await adminCall(t.app, admin, 'POST', `/operators/${id}/totp-reset`);
    expect(reset.json().data.totpEnrolled).toBe(false);
    expect((await auditRows('operator.totp_reset', id)).map((r) => [r.before, r.after])).toEqual([
      [{ totpEnrolled: true }, { totpEnrolled: false }],
    ]);
    const create = await auditRows('operator.create', id);
    expect(create).toHaveLength(1);
    expect(create[0]!.after).toMatchObject({ email: 'managed@ops.test', roles: ['content'] });
  });

  it('never blocks oneself or the last administrator', async () => {
    const self = await adminCall(t.app, admin, 'POST', `/operators/${admin.id}/block`);
    expect(self.statusCode).toBe(409);
    // The demo's administrator is the only other one: blocked, this one is the last.
    const others = await adminCall(t.app, admin, 'GET', '/operators?role=administrator&status=active');
    const demoAdmin = (others.json().data.items as { id: number }[]).filter((o) => o.id !== admin.id);
    expect(demoAdmin).toHaveLength(1);
    expect((await adminCall(t.app, admin, 'POST', `/operators/${demoAdmin[0]!.id}/block`)).statusCode).toBe(
      200,
    );
    const demote = await adminCall(t.app, admin, 'PUT', `/operators/${admin.id}/roles`, {
      roles: ['finance'],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('errors.admin.last_administrator');
  });

  it('lists operators paged, filtered and sorted, and exports them as CSV', async () => {
    const page = await adminCall(t.app, admin, 'GET', '/operators?sort=email&order=asc&pageSize=2&page=1');
    const body = page.json().data;
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(5);
    expect(body.items[0].email < body.items[1].email).toBe(true);
    const filtered = await adminCall(t.app, admin, 'GET', '/operators?role=finance&query=ops.test');
    expect(filtered.json().data.items.map((o: { email: string }) => o.email)).toEqual(['finance@ops.test']);
    const csv = await adminCall(t.app, admin, 'GET', '/operators/export?query=admin%40ops&sort=id&order=asc');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('operators.csv');
    expect(csv.body.split('\r\n')[1]).toContain('admin@ops.test');
  });
});

describe('the audit log', () => {
  it('pages, filters by operator, action, target and period, sorts, and exports CSV', async () => {
    const all = await adminCall(t.app, admin, 'GET', '/audit?pageSize=100');
    expect(all.statusCode, all.body).toBe(200);
    const items = all.json().data.items as {
      at: string;
      action: string;
      operatorId: number | null;
      ip: string;
    }[];
    expect(items.length).toBeGreaterThan(5);
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    const logins = await adminCall(
      t.app,
      admin,
      'GET',
      `/audit?action=operator.login&operatorId=${finance.id}`,
    );
    // Signed in at the start, and again after the idle test.
    expect(logins.json().data.items).toHaveLength(2);
    expect(logins.json().data.items[0]).toMatchObject({ ip: '127.0.0.1', operatorEmail: 'finance@ops.test' });
    const future = await adminCall(
      t.app,
      admin,
      'GET',
      `/audit?from=${encodeURIComponent('2030-01-01T00:00:00Z')}`,
    );
    expect(future.json().data).toMatchObject({ items: [], total: 0 });
    const byAction = await adminCall(t.app, admin, 'GET', '/audit?sort=action&order=asc&pageSize=3&page=2');
    expect(byAction.json().data).toMatchObject({ page: 2, pageSize: 3 });
    const csv = await adminCall(t.app, admin, 'GET', '/audit/export?action=operator.roles');
    expect(csv.body.startsWith('\ufeffid,')).toBe(true);
    expect(csv.body).toContain('operator.roles');
    expect((await adminCall(t.app, finance, 'GET', '/audit')).statusCode).toBe(403);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of its rows', async () => {
    const db = t.platform.database.db;
    for (const statement of [
      sql`update operator_audit set action = 'forged'`,
      sql`delete from operator_audit`,
      sql`truncate operator_audit`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    expect(
      (await queryRows<{ n: string }>(db, sql`select count(*)::text as n from operator_audit`))[0]!.n,
    ).not.toBe('0');
  });
});

describe('four-eyes balance adjustments', () => {
  let player: number;
  beforeAll(async () => {
    [player] = (await insertPlayers(t.platform.database.db, 1)) as [number];
  });

  it('applies a small adjustment at once, through the ledger, audited with the balance before and after', async () => {
    const applied = await adminCall(t.app, finance, 'POST', `/players/${player}/adjustments`, {
      currency: 'RUB',
      amount: 50_000,
      reason: 'Компенсация',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ status: 'applied', approval: null, balanceAfter: 50_000 });
    const rows = await auditRows('balance.adjust', String(player));
    expect(rows.map((r) => [r.before, (r.after as { real: number }).real])).toEqual([
      [{ currency: 'RUB', real: 0 }, 50_000],
    ]);
    expect(await auditLedger(t.platform.database.db)).toEqual([]);
  });

  it('files a large one for a second operator: not the requester, applied once, rejected ones never', async () => {
    const filed = await adminCall(t.app, finance, 'POST', `/players/${player}/adjustments`, {
      currency: 'RUB',
      amount: 250_000,
      reason: 'Возврат по обращению',
    });
    expect(filed.json().data.status).toBe('pending');
    const id = filed.json().data.approval.id as number;
    expect((await auditRows('approval.request', String(id))).length).toBe(1);

    const dashboard = await adminCall(t.app, admin, 'GET', '/dashboard');
    // The withdrawal and KYC queues are counted for those who may see them (nothing waits here).
    expect(dashboard.json().data.queues).toEqual({
      approvals: 1,
      approvalsForMe: 1,
      withdrawals: 0,
      kycDocuments: 0,
    });
    expect((await adminCall(t.app, finance, 'GET', '/dashboard')).json().data.queues).toEqual({
      approvals: 1,
      approvalsForMe: 0,
      withdrawals: 0,
      kycDocuments: 0,
    });

    const own = await adminCall(t.app, finance, 'POST', `/approvals/${id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('errors.admin.own_request');
    expect((await adminCall(t.app, support, 'POST', `/approvals/${id}/approve`, {})).statusCode).toBe(403);

    const approved = await adminCall(t.app, admin, 'POST', `/approvals/${id}/approve`, {
      comment: 'Проверено',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      decidedBy: { email: 'admin@ops.test' },
    });
    expect((await adminCall(t.app, admin, 'POST', `/approvals/${id}/approve`, {})).statusCode).toBe(409);
    const view = await adminCall(t.app, admin, 'GET', `/players/${player}`);
    expect(view.json().data.wallets).toEqual([{ currency: 'RUB', real: 300_000, bonus: 0 }]);
    expect(
      (await auditRows('approval.approve', String(id))).map((r) => [
        r.before,
        (r.after as { status: string }).status,
      ]),
    ).toEqual([[{ status: 'pending' }, 'approved']]);

    const second = await adminCall(t.app, finance, 'POST', `/players/${player}/adjustments`, {
      currency: 'RUB',
      amount: -200_000,
      reason: 'Ошибочное начисление',
    });
    const secondId = second.json().data.approval.id as number;
    const rejected = await adminCall(t.app, admin, 'POST', `/approvals/${secondId}/reject`, {
      reason: 'Нет оснований',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Нет оснований' });
    expect((await auditRows('approval.reject', String(secondId))).length).toBe(1);
    expect((await adminCall(t.app, admin, 'GET', `/players/${player}`)).json().data.wallets[0].real).toBe(
      300_000,
    );

    const list = await adminCall(t.app, admin, 'GET', '/approvals?status=approved');
    expect(list.json().data.items.map((a: { id: number }) => a.id)).toEqual([id]);
    const exported = await adminCall(t.app, admin, 'GET', '/approvals/export');
    expect(exported.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(await auditLedger(t.platform.database.db)).toEqual([]);
  });

  it('finds players by id or e-mail', async () => {
    const byId = await adminCall(t.app, support, 'GET', `/players?query=${player}`);
    expect(byId.json().data.items.map((p: { id: number }) => p.id)).toContain(player);
    const byEmail = await adminCall(t.app, support, 'GET', '/players?query=ledger-');
    expect(byEmail.json().data.items.length).toBeGreaterThan(0);
    expect((await adminCall(t.app, support, 'GET', '/players/999999')).statusCode).toBe(404);
  });
});
