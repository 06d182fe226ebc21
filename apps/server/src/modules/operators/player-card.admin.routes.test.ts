import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessagesRu } from '@kometa/contracts/messages.ru';
import { auditRowsOf } from '../../../test/audit.ts';
import { useTestApp } from '../../../test/harness.ts';
import { fundPlayer, registeredPlayer } from '../../../test/players.ts';
import { TEST_GAMES_SECRET, playerInGame } from '../../../test/provider-client.ts';
import { providerRounds } from '../../../test/provider-rounds.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';

/**
 * The player card's tabs in the back office (issue 18 item 2, ADR 045): labels, rounds with their
 * fairness links, sessions an operator ends, limits an operator may only tighten, notes. Each change
 * is audited; each route refuses a role without its permission and bad input in Russian.
 */
const clock = manualClock(Date.now());
const t = useTestApp({ clock, env: { KOMETA_GAMES_SECRET: TEST_GAMES_SECRET } });
const db = () => t.platform.database.db;
const { lostRound, wonRound } = providerRounds(() => t.app, db);

let risk: OperatorSession;
let support: OperatorSession;
let finance: OperatorSession;
let marketing: OperatorSession;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const [email, role] of [
    ['risk@card.test', 'risk'],
    ['support@card.test', 'support'],
    ['finance@card.test', 'finance'],
    ['marketing@card.test', 'marketing'],
  ] as const) {
    await createTestOperator(t.operator.operators, { email, roles: [role] });
  }
  risk = await signInOperator(t.app, clock, 'risk@card.test');
  support = await signInOperator(t.app, clock, 'support@card.test');
  finance = await signInOperator(t.app, clock, 'finance@card.test');
  marketing = await signInOperator(t.app, clock, 'marketing@card.test');
});

let serial = 0;
const newPlayer = () => registeredPlayer(t.app, db(), { email: `card${++serial}@card.test` });
const audit = (action: string, id: number) => auditRowsOf(db(), action, String(id));
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
/** A second sign-in of a registered player (their password is the registration helper's). */
async function logIn(email: string): Promise<string> {
  const password = 'kometa-correct-horse';
  const lookup = await post('/api/v18/lookup/email', { email, password });
  expect(lookup.statusCode, lookup.body).toBe(200);
  const login = await post('/api/v18/login/lookup', { lookup: lookup.json().data.lookup, password });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().data.token as string;
}
/** A refusal names message keys (its fields', else its own), each with Russian text in the catalogue. */
function refusedInRussian(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = response.json() as { error: { message: string; fields?: Record<string, string> } };
  const fields = Object.values(error.fields ?? {});
  for (const key of fields.length > 0 ? fields : [error.message]) {
    expect(errorMessagesRu[key], key).toMatch(/[а-яё]/i);
  }
  return error;
}

describe('labels', () => {
  it('risk labels a player VIP and tester, the search filters by label, a cleared label is gone; all audited', async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const set = await adminCall(t.app, risk, 'PUT', `/players/${p.id}/labels/vip`);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.labels).toEqual(['vip']);
    await adminCall(t.app, risk, 'PUT', `/players/${p.id}/labels/tester`);
    // Setting a label the player holds changes nothing and writes no second row.
    await adminCall(t.app, risk, 'PUT', `/players/${p.id}/labels/vip`);
    expect(await audit('player.label_set', p.id)).toHaveLength(2);

    // The player is in the VIP club for the site too (and for VIP-only offers and promo codes).
    const self = await t.app.inject({ url: '/api/v18/users/self', headers: { 'auth-token': p.token } });
    expect(self.json().data.inVipClubUser).toBe(true);

    const card = await adminCall(t.app, support, 'GET', `/players/${p.id}`);
    expect(card.json().data.labels).toEqual(['vip', 'tester']);
    const vips = await adminCall(t.app, support, 'GET', '/players?label=vip&query=card');
    const ids = vips.json().data.items.map((item: { id: number }) => item.id);
    expect(ids).toContain(p.id);
    expect(ids).not.toContain(other.id);

    const cleared = await adminCall(t.app, risk, 'DELETE', `/players/${p.id}/labels/vip`);
    expect(cleared.json().data.labels).toEqual(['tester']);
    const [row] = await audit('player.label_clear', p.id);
    expect(row).toMatchObject({
      operator_id: risk.id,
      before: { labels: ['vip', 'tester'] },
      after: { labels: ['tester'], label: 'vip' },
    });
    const vipsAfter = await adminCall(t.app, support, 'GET', '/players?label=vip&query=card');
    expect(vipsAfter.json().data.items.map((item: { id: number }) => item.id)).not.toContain(p.id);
  });

  it('refuses an unknown label in Russian, a role without the permission, and an unknown player', async () => {
    const p = await newPlayer();
    const bad = await adminCall(t.app, risk, 'PUT', `/players/${p.id}/labels/whale`);
    refusedInRussian(bad, 400);
    expect((await adminCall(t.app, support, 'PUT', `/players/${p.id}/labels/vip`)).statusCode).toBe(403);
    expect((await adminCall(t.app, finance, 'DELETE', `/players/${p.id}/labels/vip`)).statusCode).toBe(403);
    const missing = await adminCall(t.app, risk, 'PUT', '/players/999999/labels/vip');
    expect(refusedInRussian(missing, 404).message).toBe('errors.admin.player_not_found');
    const empty = await adminCall(t.app, support, 'GET', '/players');
    expect(empty.statusCode).toBe(400);
  });
});

describe('rounds', () => {
  it("pages a player's rounds newest first with stake, win, status and the fairness link of Kometa's rounds", async () => {
    const p = await playerInGame(t.app, db(), clock, { email: 'rounds@card.test', funds: 10_000 });
    await lostRound(p, 'dice', 300);
    clock.advance(1_000);
    await wonRound(p, 250);
    clock.advance(1_000);
    await lostRound(p, 'dice', 200);

    const first = await adminCall(t.app, finance, 'GET', `/players/${p.userId}/rounds?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data;
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      provider: 'kometa',
      gameCode: 'dice',
      stake: 200,
      win: 0,
      status: 'closed',
    });
    expect(page.items[1]).toMatchObject({ stake: 100, win: 250, status: 'closed', currency: 'RUB' });
    const proof = new URL(page.items[0].proofUrl);
    expect(proof.pathname).toBe('/fairness');
    expect(proof.searchParams.get('round')).toBe(page.items[0].round);
    expect(page.nextBefore).toEqual(expect.any(String));

    const second = await adminCall(
      t.app,
      finance,
      'GET',
      `/players/${p.userId}/rounds?limit=2&before=${encodeURIComponent(page.nextBefore)}`,
    );
    const rest = second.json().data;
    expect(rest.items.map((r: { stake: number }) => r.stake)).toEqual([300]);
    expect(rest.nextBefore).toBeNull();

    const bad = await adminCall(t.app, finance, 'GET', `/players/${p.userId}/rounds?limit=1000`);
    refusedInRussian(bad, 400);
    expect((await adminCall(t.app, marketing, 'GET', `/players/${p.userId}/rounds`)).statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('support ends one session and then all: the player is signed out at once; audited', async () => {
    const p = await newPlayer();
    const second = await logIn(`card${serial}@card.test`);
    const self = (token: string) =>
      t.app.inject({ url: '/api/v18/users/self', headers: { 'auth-token': token } });
    expect((await self(p.token)).statusCode).toBe(200);

    const list = await adminCall(t.app, support, 'GET', `/players/${p.id}/sessions`);
    expect(list.statusCode, list.body).toBe(200);
    const sessions = list.json().data.items as { id: number; startedAt: string; lastSeenAt: string }[];
    expect(sessions).toHaveLength(2);

    const oldest = sessions.at(-1)!;
    const ended = await adminCall(t.app, support, 'POST', `/players/${p.id}/sessions/${oldest.id}/end`);
    expect(ended.json().data).toEqual({ ended: 1 });
    expect((await self(p.token)).statusCode).toBe(401);
    const [row] = await audit('player.session_end', p.id);
    expect(row).toMatchObject({ operator_id: support.id, before: { sessions: [oldest.id] } });

    const again = await adminCall(t.app, support, 'POST', `/players/${p.id}/sessions/${oldest.id}/end`);
    expect(refusedInRussian(again, 404).message).toBe('errors.admin.session_not_found');

    const all = await adminCall(t.app, support, 'POST', `/players/${p.id}/sessions/end`);
    expect(all.json().data.ended).toBe(1);
    expect(await audit('player.sessions_end', p.id)).toHaveLength(1);
    expect((await self(second)).statusCode).toBe(401);
    expect((await adminCall(t.app, support, 'GET', `/players/${p.id}/sessions`)).json().data.items).toEqual(
      [],
    );

    expect((await adminCall(t.app, finance, 'POST', `/players/${p.id}/sessions/end`)).statusCode).toBe(403);
    expect((await adminCall(t.app, marketing, 'GET', `/players/${p.id}/sessions`)).statusCode).toBe(403);
    const bad = await adminCall(t.app, support, 'POST', `/players/${p.id}/sessions/abc/end`);
    refusedInRussian(bad, 400);
  });
});

describe('limits and exclusions', () => {
  it('risk adds and lowers a limit but never raises one; applies a time-out that ends the sessions; audited', async () => {
    const p = await newPlayer();
    await fundPlayer(db(), clock, p.id, 100_000);
    const added = await adminCall(t.app, risk, 'PUT', `/players/${p.id}/protection/limits/deposit`, {
      period: 'day',
      amount: 50_000,
      reason: 'Жалоба родственников',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.limits).toMatchObject([{ kind: 'deposit', period: 'day', amount: 50_000 }]);
    const lowered = await adminCall(t.app, risk, 'PUT', `/players/${p.id}/protection/limits/deposit`, {
      period: 'day',
      amount: 20_000,
      reason: 'Снижение по заявке',
    });
    expect(lowered.json().data.limits[0].amount).toBe(20_000);
    const raised = await adminCall(t.app, risk, 'PUT', `/players/${p.id}/protection/limits/deposit`, {
      period: 'day',
      amount: 90_000,
      reason: 'Игрок просит',
    });
    expect(refusedInRussian(raised, 409).message).toBe('errors.admin.only_tighten');
    const rows = await audit('player.limit_tighten', p.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      operator_id: risk.id,
      before: { amount: 50_000 },
      after: { amount: 20_000, change: 'limit.lowered', reason: 'Снижение по заявке' },
    });

    const view = await adminCall(t.app, support, 'GET', `/players/${p.id}/protection`);
    expect(view.json().data).toMatchObject({ exclusion: null, limits: [{ amount: 20_000 }] });

    const excluded = await adminCall(t.app, risk, 'POST', `/players/${p.id}/protection/exclusion`, {
      option: 'timeout_72h',
      reason: 'Признаки зависимости',
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(excluded.json().data.exclusion).toMatchObject({ kind: 'timeout', option: 'timeout_72h' });
    const [exclusion] = await audit('player.exclusion', p.id);
    expect(exclusion).toMatchObject({
      operator_id: risk.id,
      after: { option: 'timeout_72h', reason: 'Признаки зависимости' },
    });
    const self = await t.app.inject({ url: '/api/v18/users/self', headers: { 'auth-token': p.token } });
    expect(self.statusCode).toBe(401);
    // Shortening it is refused, as it is to the player.
    const shorter = await adminCall(t.app, risk, 'POST', `/players/${p.id}/protection/exclusion`, {
      option: 'timeout_24h',
      reason: 'Ошибка',
    });
    expect(shorter.statusCode).toBe(409);
  });

  it('refuses support changing limits, a reason too short in Russian, an unknown kind', async () => {
    const p = await newPlayer();
    const body = { period: 'week', amount: 1000, reason: 'Просьба игрока' };
    expect(
      (await adminCall(t.app, support, 'PUT', `/players/${p.id}/protection/limits/loss`, body)).statusCode,
    ).toBe(403);
    const short = await adminCall(t.app, risk, 'PUT', `/players/${p.id}/protection/limits/loss`, {
      ...body,
      reason: '',
    });
    refusedInRussian(short, 400);
    const kind = await adminCall(t.app, risk, 'PUT', `/players/${p.id}/protection/limits/bets`, body);
    expect(kind.statusCode).toBe(400);
    expect((await adminCall(t.app, marketing, 'GET', `/players/${p.id}/protection`)).statusCode).toBe(403);
  });
});

describe('notes', () => {
  it('support and risk add notes, newest first with author and time; append-only; audited', async () => {
    const p = await newPlayer();
    const first = await adminCall(t.app, support, 'POST', `/players/${p.id}/notes`, {
      text: 'Просил перезвонить после 18:00',
    });
    expect(first.statusCode, first.body).toBe(200);
    clock.advance(1_000);
    await adminCall(t.app, risk, 'POST', `/players/${p.id}/notes`, { text: 'Проверить источник средств' });
    const list = await adminCall(t.app, risk, 'GET', `/players/${p.id}/notes`);
    expect(list.json().data.items).toMatchObject([
      { text: 'Проверить источник средств', authorEmail: 'risk@card.test' },
      { text: 'Просил перезвонить после 18:00', authorEmail: 'support@card.test', authorId: support.id },
    ]);
    const [row] = await audit('player.note_add', p.id);
    expect(row).toMatchObject({ operator_id: support.id, after: { text: 'Просил перезвонить после 18:00' } });
    for (const statement of [sql`update player_notes set text = 'forged'`, sql`delete from player_notes`]) {
      await expect(db().execute(statement)).rejects.toThrow();
    }

    const blank = await adminCall(t.app, support, 'POST', `/players/${p.id}/notes`, { text: '   ' });
    refusedInRussian(blank, 400);
    expect(
      (await adminCall(t.app, finance, 'POST', `/players/${p.id}/notes`, { text: 'x' })).statusCode,
    ).toBe(403);
    expect((await adminCall(t.app, marketing, 'GET', `/players/${p.id}/notes`)).statusCode).toBe(403);
  });
});

describe('the players search', () => {
  it('reads the balances of the whole page at once, each player with their own', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    await fundPlayer(db(), clock, a.id, 7_700);
    const found = await adminCall(t.app, support, 'GET', '/players?query=card');
    const byId = new Map(
      found.json().data.items.map((item: { id: number; wallets: unknown[] }) => [item.id, item.wallets]),
    );
    expect(byId.get(a.id)).toEqual([{ currency: 'RUB', real: 7_700, bonus: 0 }]);
    expect(byId.get(b.id)).toEqual([{ currency: 'RUB', real: 0, bonus: 0 }]);
  });

  it('finds a player by phone as typed, username, first and last name, and the payment details used', async () => {
    const found = async (query: string) => {
      const answer = await adminCall(t.app, support, 'GET', `/players?query=${encodeURIComponent(query)}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.items.map((item: { id: number }) => item.id) as number[];
    };
    const phoned = await newPlayer();
    await db().execute(
      sql`update users set phone = '+79991234567', username = 'Star_Rider' where id = ${phoned.id}`,
    );
    const named = await newPlayer();
    await db().execute(
      sql`insert into extended_profiles (user_id, first_name, last_name, country, city, address, postal_code,
            filled_at, updated_at)
          values (${named.id}, 'Иван', 'Петров-Водкин', 'RU', 'Москва', 'ул. Тверская, 1', '125009', now(), now())`,
    );
    // Payment details reach the search only through the cashier, as a player typed them.
    const payer = await newPlayer();
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/api/v18/payments/deposits',
      headers: { 'auth-token': payer.token },
      payload: { system: 'sandbox-sbp', amount: 10_000, requisites: { phone: '+7 912 000-11-22' } },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);

    for (const typed of ['8 (999) 123-45', '+7 999 123 45 67', '79991234567', 'star_r', 'STAR_RIDER']) {
      expect(await found(typed), typed).toContain(phoned.id);
    }
    // `_` is a letter here, not any letter: «star-r» is no one's beginning.
    expect(await found('starxr')).not.toContain(phoned.id);
    for (const typed of ['петров', 'Иван', 'иван петров-водкин', 'Петров-Водкин Иван', 'Ив Пет']) {
      expect(await found(typed), typed).toContain(named.id);
    }
    expect(await found('Иван Сидоров')).not.toContain(named.id);
    expect(await found('8 912 000 11 22')).toEqual([payer.id]);
    expect(await found('+7 (912) 000-11-22')).toEqual([payer.id]);
    // Nothing matches: an empty page, not an error.
    expect(await found('никто такой')).toEqual([]);
  });
});
