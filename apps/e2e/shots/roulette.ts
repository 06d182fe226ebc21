/// <reference lib="dom" />
/**
 * Screenshots of European roulette (ADR 048) at a phone's and a desktop's size, against a running
 * stack (`npm start`, SHOTS_SITE): the site's game page (demo) with bets on the table, during the
 * spin, after it, and after a few more. Not a test.
 *   SHOTS_SITE=http://127.0.0.1:42020 SHOTS_DIR=/tmp/shots/roulette node --import tsx apps/e2e/shots/roulette.ts
 */
import { expect } from '@playwright/test';
import { env, launch, playerPage, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:42020';
const out = env.SHOTS_DIR ?? '/tmp/shots/roulette';

const shot = shooter(out, 600);

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  await page.goto(`${site}/game/kometa/kometa-roulette?mode=demo`);
  const frame = page.frameLocator('iframe[title="Игра: Европейская рулетка"]');
  await expect(frame.getByTestId('balance')).not.toHaveText('—', { timeout: 30_000 });
  await shot(page, size.name, 'roulette-empty');
  for (const name of [
    '17',
    'Сплит 17 и 20',
    'Угол 17, 18, 20, 21',
    'Стрит 1, 2, 3',
    'Линия 25–30',
    'Красное',
    'Дюжина 13–24',
  ])
    await frame.getByRole('button', { name, exact: true }).click();
  await frame.getByRole('radio', { name: 'Фишка 100,00\u00a0₽' }).check();
  await frame.getByRole('button', { name: 'Колонна от 3: 2 к 1', exact: true }).click();
  await shot(page, size.name, 'roulette-before');
  await frame.getByRole('button', { name: 'Крутить' }).click();
  await page.waitForTimeout(2_000);
  await shot(page, size.name, 'roulette-during', false);
  await expect(frame.locator('#result')).toHaveText(/Выпало/, { timeout: 20_000 });
  await shot(page, size.name, 'roulette-after');
  for (let spin = 0; spin < 4; spin++) {
    await frame.getByRole('button', { name: 'Крутить' }).click();
    await expect(frame.getByRole('button', { name: 'Крутить' })).toBeEnabled({ timeout: 20_000 });
  }
  await shot(page, size.name, 'roulette-history');
  await context.close();
}
await browser.close();
