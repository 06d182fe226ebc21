/// <reference lib="dom" />
/**
 * Screenshots of «Подозрения на злоупотребление» and a flagged player's «Бонусы» tab (issue 17 item 9)
 * at a phone's and a desktop's size, against a running demo stack (`tools/start.ts`; SHOTS_BACKOFFICE).
 * The demo's players Boris and Vera carry the flags.
 *   node --import tsx apps/e2e/shots/abuse-flags.ts
 */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { env, launch, sizes } from './shoot.ts';

const backoffice = env.SHOTS_BACKOFFICE ?? 'http://127.0.0.1:45302';
const out = env.SHOTS_DIR ?? '/work/shots/bo-abuse';

async function shots(page: Page, name: string, fullPage = false) {
  for (const size of sizes) {
    await page.setViewportSize(size.viewport);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${size.name}.png`, fullPage });
    console.log(`${name}-${size.name}.png`);
  }
}

const browser = await launch();
const context = await browser.newContext({ locale: 'ru-RU', viewport: sizes[1]!.viewport });
const page = await context.newPage();
await page.goto(`${backoffice}/login`);
await page.getByLabel('E-mail').fill('finance@kometa.test');
await page.getByLabel('Пароль').fill('kometa-demo-finance');
await page.getByRole('button', { name: 'Продолжить' }).click();
await page.getByLabel('Код').fill(await generate({ secret: 'UNMDGD4DZG7OH65S5H6ZTZNCB47AQZP7' }));
await page.getByRole('button', { name: 'Войти' }).click();
await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();

await page.goto(`${backoffice}/abuse-flags`);
await expect(page.getByText('boris.demo@kometa.test')).toBeVisible();
await shots(page, 'abuse-flags');
await page.getByRole('row').filter({ hasText: 'boris.demo' }).getByRole('link').first().click();
await expect(page.getByRole('region', { name: 'Подозрения на злоупотребление' })).toBeVisible();
await shots(page, 'player-abuse-flags', true);
await browser.close();
