/// <reference lib="dom" />
/**
 * Screenshots of the back office's screens (ADR 028) at a phone's and a desktop's size, against a
 * running stack (`tools/start.ts`; SHOTS_BACKOFFICE default http://127.0.0.1:39302, SHOTS_SITE default
 * http://localhost:39300). Not a test: the finance operator files an adjustment for a new player, the
 * administrator looks at every list and opens every dialog; each screen is saved under SHOTS_DIR.
 *   node --import tsx apps/e2e/shots/backoffice.ts
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { PASSWORD, uniqueEmail } from '../tests/players.ts';
import { env, launch, sizes, type Size } from './shoot.ts';

const backoffice = env.SHOTS_BACKOFFICE ?? 'http://127.0.0.1:39302';
const site = env.SHOTS_SITE ?? 'http://localhost:39300';
const out = env.SHOTS_DIR ?? '/work/shared/screenshots/backoffice';

/** The demo operators (their secrets are published in the README). */
const ADMIN = {
  email: 'admin@kometa.test',
  password: 'kometa-demo-admin',
  secret: '3KHC7G2J3BGTSEBRDXTZAJTALZCXTIQJ',
};
const FINANCE = {
  email: 'finance@kometa.test',
  password: 'kometa-demo-finance',
  secret: 'UNMDGD4DZG7OH65S5H6ZTZNCB47AQZP7',
};

async function shot(page: Page, size: string, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}-${size}.png`, fullPage: size === 'desktop' });
  console.log(`${name}-${size}.png`);
}

async function signIn(page: Page, operator: typeof ADMIN, size?: string) {
  await page.goto(`${backoffice}/login`);
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Пароль').fill(operator.password);
  if (size) await shot(page, size, 'signin');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByRole('heading', { name: 'Код подтверждения' })).toBeVisible();
  await page.getByLabel('Код').fill('000000');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.locator('.error, .alert').first()).toBeVisible();
  if (size) await shot(page, size, 'signin-code-error');
  // A code works once: each sign-in waits for a fresh one, so a second run never reuses the first's.
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  await page.getByLabel('Код').fill(await generate({ secret: operator.secret }));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
}

async function newPage(browser: Browser, size: Size, storageState?: string) {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.hasTouch,
    deviceScaleFactor: 1,
    locale: 'ru-RU',
    ...(storageState ? { storageState } : {}),
  });
  return context.newPage();
}

const browser = await launch();

// A player with an adjustment above the threshold waiting for a second operator.
const email = uniqueEmail('shots-backoffice');
const registered = await fetch(`${site}/api/v18/registration`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email,
    password: PASSWORD,
    birthday: { day: 15, month: 5, year: 1990 },
    agreeRules: true,
  }),
});
if (!registered.ok) throw new Error(`registration: ${registered.status}`);
const finance = await newPage(browser, sizes[1]!);
await signIn(finance, FINANCE);
await finance.goto(`${backoffice}/players?query=${encodeURIComponent(email)}`);
await finance.getByRole('link', { name: 'Открыть' }).click();
await finance.getByLabel('Сумма').fill('2 500,00');
await finance.getByLabel('Причина').fill('Компенсация по обращению 4711');
await finance.getByRole('button', { name: 'Провести корректировку' }).click();
await expect(
  finance.getByRole('status').filter({ hasText: 'отправлен на подтверждение' }).first(),
).toBeVisible();

// The administrator signs in once (a code works once); both sizes share the session.
const first = await newPage(browser, sizes[1]!);
await signIn(first, ADMIN, 'desktop');
const state = `${out}/.admin-state.json`;
await first.context().storageState({ path: state });

for (const size of sizes) {
  if (size.name === 'phone') {
    // The sign-in's password step and a refused code (a valid code would be spent).
    const guest = await newPage(browser, size);
    await guest.goto(`${backoffice}/login`);
    await guest.getByLabel('E-mail').fill(ADMIN.email);
    await guest.getByLabel('Пароль').fill(ADMIN.password);
    await shot(guest, size.name, 'signin');
    await guest.getByRole('button', { name: 'Продолжить' }).click();
    await guest.getByLabel('Код').fill('000000');
    await guest.getByRole('button', { name: 'Войти' }).click();
    await expect(guest.locator('.error, .alert').first()).toBeVisible();
    await shot(guest, size.name, 'signin-code-error');
    await guest.context().close();
  }
  const page = await newPage(browser, size, state);
  await page.goto(`${backoffice}/`);
  await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
  await shot(page, size.name, 'dashboard');

  await page.goto(`${backoffice}/players?query=${encodeURIComponent(email)}`);
  await expect(page.getByRole('link', { name: 'Открыть' })).toBeVisible();
  await shot(page, size.name, 'players');
  await page.getByRole('link', { name: 'Открыть' }).click();
  await page.getByLabel('Сумма').fill('abc');
  await page.getByLabel('Причина').fill('Проверка');
  await page.getByRole('button', { name: 'Провести корректировку' }).click();
  await shot(page, size.name, 'player-card');

  await page.goto(`${backoffice}/approvals`);
  await expect(
    page.getByRole('row').filter({ hasText: 'Компенсация по обращению 4711' }).first(),
  ).toBeVisible();
  await shot(page, size.name, 'approvals');
  await page
    .getByRole('row')
    .filter({ hasText: 'Компенсация по обращению 4711' })
    .first()
    .getByRole('button', { name: /^Отклонить/ })
    .click();
  await shot(page, size.name, 'approvals-reject');
  await page.keyboard.press('Escape');

  await page.goto(`${backoffice}/operators`);
  await expect(page.getByRole('row').filter({ hasText: FINANCE.email })).toBeVisible();
  await shot(page, size.name, 'operators');
  await page.getByRole('button', { name: 'Новый оператор' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(ADMIN.email);
  await dialog.getByLabel('Имя').fill('Ещё один администратор');
  await dialog.getByLabel('Начальный пароль').fill('kometa-demo-long-password');
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Новый оператор' }).click();
  await page.waitForTimeout(600);
  await shot(page, size.name, 'operators-create');
  await page.keyboard.press('Escape');

  await page.goto(`${backoffice}/audit`);
  await expect(page.getByRole('table', { name: 'Журнал аудита' }).getByRole('row').nth(1)).toBeVisible();
  await shot(page, size.name, 'audit');
  await page.context().close();
}
await browser.close();
