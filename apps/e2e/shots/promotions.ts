/// <reference lib="dom" />
/**
 * Screenshots of the promotions and the composite gifts (ADR 032) at a phone's and a desktop's size,
 * against a running stack (`tools/start.ts` on SHOTS_SITE, default http://127.0.0.1:43300). Not a
 * test: a guest and a player are walked through the screens and each is saved under SHOTS_DIR.
 *   node --import tsx apps/e2e/shots/promotions.ts
 */
import { expect } from '@playwright/test';
import { uniqueEmail } from '../tests/players.ts';
import { env, launch, playerPage, register, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:43300';
const out = env.SHOTS_DIR ?? '/work/shots/composite';
const only = env.SHOTS_ONLY;

const shot = shooter(out);

const browser = await launch();
for (const size of sizes) {
  if (only && only !== size.name) continue;
  const { context, page } = await playerPage(browser, size, site);

  await page.goto(`${site}/actions/list`);
  await expect(page.getByTestId('promotion-card')).toHaveCount(5);
  await shot(page, size.name, '01-actions-list');
  await shot(page, size.name, '02-actions-list-full', true);
  await page.goto(`${site}/actions/welcome-pack`);
  await shot(page, size.name, '03-action-detail', true);
  await page.goto(`${site}/actions/star-reels-tournament`);
  await shot(page, size.name, '04-action-soon');
  await page.goto(`${site}/`);
  await page.getByRole('region', { name: 'Акции' }).scrollIntoViewIfNeeded();
  await shot(page, size.name, '05-home-promotions');

  await register(page, site, uniqueEmail(`shots-${size.name}`));
  await page.goto(`${site}/actions/weekly-cashback`);
  await page.getByRole('button', { name: 'Забрать кешбэк' }).click();
  await expect(page.getByText('Подарок ваш!')).toBeVisible();
  await shot(page, size.name, '06-action-claimed');

  await page.goto(`${site}/gifts/promo`);
  await page.getByRole('textbox', { name: 'Промокод' }).fill('NABOR');
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByText('Промокод принят')).toBeVisible();
  await page.goto(`${site}/gifts`);
  await shot(page, size.name, '07-gifts-with-composite', true);
  await page.getByRole('button', { name: 'Выбрать подарки' }).click();
  const dialog = page.getByRole('dialog', { name: /Набор новичка/ });
  await expect(dialog).toBeVisible();
  await shot(page, size.name, '08-composite-dialog');
  await dialog.getByTestId('composite-item').filter({ hasText: '300 ₽ на бонусный счёт' }).click();
  await dialog.getByTestId('composite-item').filter({ hasText: '50 фриспинов' }).click();
  await shot(page, size.name, '09-composite-two-chosen');
  await dialog.getByRole('button', { name: 'Получить 2 подарка' }).click();
  await expect(dialog).toHaveCount(0);
  await shot(page, size.name, '10-gifts-after-choice', true);
  await context.close();
}
await browser.close();
