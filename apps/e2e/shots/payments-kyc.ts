/// <reference lib="dom" />
/**
 * Screenshots of the back office's payment and KYC screens (ADR 036) at a phone's and a desktop's size,
 * against a running stack with its demo queues (`tools/start.ts`; SHOTS_BACKOFFICE default
 * http://127.0.0.1:39302). Not a test: the administrator opens each screen and dialog; each is saved
 * under SHOTS_DIR.
 *   node --import tsx apps/e2e/shots/payments-kyc.ts
 */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { env, launch, sizes } from './shoot.ts';

const backoffice = env.SHOTS_BACKOFFICE ?? 'http://127.0.0.1:39302';
const out = env.SHOTS_DIR ?? '/tmp/payments-kyc-shots';
const ADMIN = {
  email: 'admin@kometa.test',
  password: 'kometa-demo-admin',
  secret: '3KHC7G2J3BGTSEBRDXTZAJTALZCXTIQJ',
};

async function shot(page: Page, size: string, name: string) {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}-${size}.png`, fullPage: false });
  console.log(`${name}-${size}.png`);
}

const browser = await launch();
const signIn = await browser.newContext({ locale: 'ru-RU' });
const first = await signIn.newPage();
await first.goto(`${backoffice}/login`);
await first.getByLabel('E-mail').fill(ADMIN.email);
await first.getByLabel('Пароль').fill(ADMIN.password);
await first.getByRole('button', { name: 'Продолжить' }).click();
await first.getByLabel('Код').fill(await generate({ secret: ADMIN.secret }));
await first.getByRole('button', { name: 'Войти' }).click();
await expect(first.getByRole('heading', { name: 'Обзор' })).toBeVisible();
const state = await signIn.storageState();

for (const size of sizes) {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.hasTouch,
    deviceScaleFactor: 1,
    locale: 'ru-RU',
    storageState: state,
  });
  // The session's CSRF token lives in memory: each page load reads it again from GET /session.
  const page = await context.newPage();
  await page.goto(`${backoffice}/`);
  await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
  await shot(page, size.name, 'dashboard');
  await page.goto(`${backoffice}/withdrawals`);
  await expect(page.getByRole('heading', { name: 'Выводы' })).toBeVisible();
  await expect(page.getByRole('cell').first()).toBeVisible();
  await shot(page, size.name, 'withdrawals');
  await page
    .getByRole('button', { name: /^Отклонить/ })
    .first()
    .click();
  await shot(page, size.name, 'withdrawal-reject');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Подробнее/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, size.name, 'payment-dialog');
  await page.keyboard.press('Escape');
  await page.goto(`${backoffice}/payments`);
  await expect(page.getByRole('cell').first()).toBeVisible();
  await shot(page, size.name, 'payments');
  await page.goto(`${backoffice}/payment-systems`);
  await expect(page.getByRole('cell').first()).toBeVisible();
  await shot(page, size.name, 'payment-systems');
  await page
    .getByRole('button', { name: /^Изменить/ })
    .first()
    .click();
  await shot(page, size.name, 'payment-system-edit');
  await page.keyboard.press('Escape');
  await page.goto(`${backoffice}/kyc`);
  await expect(page.getByRole('img').first()).toBeVisible();
  await shot(page, size.name, 'kyc');
  const playerLink = page.getByRole('link', { name: /demo@kometa\.test/ }).first();
  const href = await playerLink.getAttribute('href');
  await page.goto(`${backoffice}${href!.replace('?tab=kyc', '')}?tab=payments`);
  await expect(page.getByRole('region', { name: 'Платежи игрока' })).toBeVisible();
  await shot(page, size.name, 'player-payments');
  await page.goto(`${backoffice}${href}`);
  await shot(page, size.name, 'player-kyc');
  await context.close();
}
await browser.close();
