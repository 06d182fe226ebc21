/// <reference lib="dom" />
/**
 * Screenshots of the reports and the dashboard (ADR 039) at a phone's and a desktop's size, against a
 * running stack with the demo content (SHOTS_BACKOFFICE default http://127.0.0.1:39302). Not a test:
 * the demo's finance operator opens the dashboard, each report tab and the ledger.
 *   node --import tsx apps/e2e/shots/reports.ts
 */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { env, launch, sizes } from './shoot.ts';

const backoffice = env.SHOTS_BACKOFFICE ?? 'http://127.0.0.1:39302';
const out = env.SHOTS_DIR ?? '/work/shared/screenshots/reports';
const FINANCE = {
  email: 'finance@kometa.test',
  password: 'kometa-demo-finance',
  secret: 'UNMDGD4DZG7OH65S5H6ZTZNCB47AQZP7',
};

async function shot(page: Page, size: string, name: string) {
  await page.waitForTimeout(1_200);
  await page.screenshot({ path: `${out}/${name}-${size}.png`, fullPage: size === 'desktop' });
  console.log(`${name}-${size}.png`);
}

const browser = await launch();
try {
  for (const size of sizes) {
    const context = await browser.newContext({
      viewport: size.viewport,
      isMobile: size.isMobile,
      hasTouch: size.hasTouch,
      deviceScaleFactor: 1,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await page.goto(`${backoffice}/login`);
    await page.getByLabel('E-mail').fill(FINANCE.email);
    await page.getByLabel('Пароль').fill(FINANCE.password);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    // A code works once: each sign-in waits for a fresh one.
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await page.getByLabel('Код').fill(await generate({ secret: FINANCE.secret }));
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('heading', { name: 'Сегодня' })).toBeVisible({ timeout: 30_000 });
    await shot(page, size.name, 'dashboard');
    await page.goto(`${backoffice}/reports`);
    await expect(page.getByText('Депозиты и выводы по дням')).toBeVisible({ timeout: 30_000 });
    await shot(page, size.name, 'reports-finance');
    await page.getByRole('radio', { name: 'По играм' }).click();
    await shot(page, size.name, 'reports-games');
    await page.getByRole('button', { name: 'Сверка' }).click();
    await expect(page.getByText('Игровой сервер')).toBeVisible({ timeout: 30_000 });
    await shot(page, size.name, 'reports-reconciliation');
    await page.getByRole('button', { name: 'Ответственная игра' }).click();
    await expect(page.getByRole('heading', { name: 'Лимиты' })).toBeVisible();
    await shot(page, size.name, 'reports-responsible');
    await page.goto(`${backoffice}/ledger`);
    await expect(page.getByRole('heading', { name: 'Главная книга' })).toBeVisible();
    await shot(page, size.name, 'ledger');
    await context.close();
  }
} finally {
  await browser.close();
}
