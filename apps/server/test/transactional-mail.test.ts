import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/platform/clock.ts';
import { createWalletModule } from '../src/modules/wallet/index.ts';
import { useTestApp } from './harness.ts';
import { registeredPlayer } from './players.ts';

/**
 * Transactional e-mails (issue 20, ADR 041), read from the development mailbox as a player's inbox:
 * Russian, sums and dates in Russian formats, an HTML and a plain-text alternative, a link back to the
 * site, and no unsubscribe link (none of them is marketing); each fact mails once.
 */
// Monday 23 November 2026, 12:00 in Moscow.
const clock = manualClock(Date.UTC(2026, 10, 23, 9, 0, 0));
const t = useTestApp({
  clock,
  env: { SITE_ORIGIN: 'https://kometa.example', ALLOWED_DOMAINS: 'https://kometa-mirror.example' },
});
// The sandbox's payment page travels over real HTTP: the app listens on a loopback port.
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const db = () => t.platform.database.db;
let serial = 0;

type Mail = { template: string; subject: string; body: string; html: string | null };

/** Runs what is due (the stream's consumers, then the outbox) and reads the player's inbox. */
async function inbox(email: string): Promise<Mail[]> {
  for (;;) {
    const consumed = await t.activity.drain();
    const ran = await t.platform.jobs.runDue(50);
    if (consumed + ran === 0) break;
  }
  return (await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json().data;
}

const one = async (email: string, template: string) => {
  const mails = (await inbox(email)).filter((mail) => mail.template === template);
  expect(mails, template).toHaveLength(1);
  return mails[0]!;
};

/** What every transactional e-mail must be. */
function expectTransactional(mail: Mail) {
  expect(mail.html).toContain('<html');
  expect(mail.html).toContain('lang="ru"');
  expect(mail.body).toContain('Это служебное письмо');
  expect(mail.body).not.toMatch(/отписаться/i);
  expect(mail.html).not.toMatch(/отписаться/i);
  // Never a sum or a date in a foreign format.
  expect(mail.body).not.toMatch(/(?<![\d.])\d+\.\d{2}(?![\d.])|\d{4}-\d{2}-\d{2}/);
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v18${url}`,
    headers: {
      'auth-token': token,
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537.36',
    },
    ...(payload ? { payload } : {}),
  });

async function player() {
  const email = `mail${++serial}@example.com`;
  const { token } = await registeredPlayer(t.app, db(), { email });
  return { email, token };
}

async function deposit(token: string, amount: number) {
  const created = await call(token, 'POST', '/payments/deposits', { system: 'sandbox-card', amount });
  expect(created.statusCode, created.body).toBe(200);
  const chosen = await fetch(created.json().data.redirectUrl as string, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'success' }),
    redirect: 'manual',
  });
  expect(chosen.status).toBe(303);
}

/** Stakes a sum in games (a bet and an equal win), so deposits are wagered. */
async function play(token: string, amount: number) {
  const { id } = (await call(token, 'GET', '/users/self')).json().data;
  const { ledger } = createWalletModule({ db: db(), clock });
  const account = { player: id as number, kind: 'real', currency: 'RUB' } as const;
  const games = { house: 'games', name: 'test', currency: 'RUB' } as const;
  const key = `mail-play:${id}:${++serial}`;
  await ledger.post({
    key: `${key}:bet`,
    operation: 'bet',
    legs: [
      { account, amount: -amount },
      { account: games, amount },
    ],
  });
  await ledger.post({
    key: `${key}:win`,
    operation: 'win',
    legs: [
      { account: games, amount: -amount },
      { account, amount },
    ],
  });
}

describe('transactional e-mails', () => {
  it('a credited deposit, a withdrawal requested and one refused: one e-mail each, in Russian', async () => {
    const { email, token } = await player();
    await deposit(token, 1_234_000);
    const credited = await one(email, 'deposit_credited');
    expect(credited.subject).toBe('Баланс пополнен на 12\u00a0340,00\u00a0₽');
    expect(credited.body).toContain('зачислен на ваш счёт 23.11.2026 12:00');
    expect(credited.body).toContain('Открыть лобби: https://kometa.example/games');
    expect(credited.html).toContain('href="https://kometa.example/games"');
    expectTransactional(credited);

    await play(token, 1_234_000);
    const requested = await call(token, 'POST', '/payments/withdrawals', {
      system: 'sandbox-card-out',
      amount: 60_000,
      requisites: { card: '4000000000000002' },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect((await one(email, 'withdrawal_requested')).subject).toBe('Заявка на вывод 600,00\u00a0₽ принята');
    // The sandbox declines this card: the hold goes back, and the player is told.
    for (const step of [0, 6_000, 30_000]) {
      clock.advance(step);
      await inbox(email);
    }
    const refused = await one(email, 'withdrawal_refused');
    expect(refused.subject).toBe('Вывод 600,00\u00a0₽ отклонён');
    expect(refused.body).toContain('Сумма вернулась на ваш баланс');
    expectTransactional(refused);
    // Running everything again mails nothing twice.
    await t.activity.replay('notifications.payments', 1);
    expect((await inbox(email)).filter((mail) => mail.template === 'deposit_credited')).toHaveLength(1);
  });

  it('a limit changed and a self-exclusion started', async () => {
    const { email, token } = await player();
    expect(
      (await call(token, 'PUT', '/games-limits/deposit', { period: 'day', amount: 500_000 })).statusCode,
    ).toBe(200);
    const limit = await one(email, 'limit_changed');
    expect(limit.body).toContain('Лимит депозитов в день установлен: 5\u00a0000,00\u00a0₽ 23.11.2026 12:00.');
    expectTransactional(limit);
    const excluded = await call(token, 'POST', '/self-exclusion-option', { option: 'timeout_24h' });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const exclusion = await one(email, 'exclusion_started');
    expect(exclusion.body).toContain('до 24.11.2026 12:00');
    expectTransactional(exclusion);
  });

  it('a login from a browser the account has not seen is mailed; the same browser again is not', async () => {
    const { email } = await player();
    const login = async (userAgent: string) => {
      const headers = { 'user-agent': userAgent };
      const lookup = await t.app.inject({
        method: 'POST',
        url: '/api/v18/lookup/email',
        headers,
        payload: { email, password: 'kometa-correct-horse' },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v18/login/lookup',
        headers,
        payload: { lookup: lookup.json().data.lookup, password: 'kometa-correct-horse' },
      });
    };
    const firefox = 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0';
    expect((await login(firefox)).statusCode).toBe(200);
    const mail = await one(email, 'new_login');
    expect(mail.body).toContain('с нового устройства: Firefox, Android');
    expect(mail.body).toContain('23.11.2026 12:00');
    expectTransactional(mail);
    expect((await login(firefox)).statusCode).toBe(200);
    expect((await inbox(email)).filter((m) => m.template === 'new_login')).toHaveLength(1);
  });

  it('links back to the operator address the player signed in on, not the main one', async () => {
    const email = `mirror${++serial}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v18/registration',
      headers: { host: 'kometa-mirror.example' },
      payload: {
        email,
        password: 'kometa-correct-horse',
        birthday: { day: 1, month: 1, year: 1990 },
        agreeRules: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = registered.json().data.token as string;
    await deposit(token, 50_000);
    const credited = await one(email, 'deposit_credited');
    expect(credited.body).toContain('Открыть лобби: https://kometa-mirror.example/games');
    expect(credited.html).toContain('href="https://kometa-mirror.example/games"');
    expect(
      (await call(token, 'PUT', '/games-limits/deposit', { period: 'day', amount: 500_000 })).statusCode,
    ).toBe(200);
    expect((await one(email, 'limit_changed')).html).toContain('https://kometa-mirror.example/games-limits');
  });
});
