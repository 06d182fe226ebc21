/// <reference lib="dom" />
/**
 * Screenshots of the themed lobby (ADR 050) against a running stack: the lobby with its live feed,
 * the studios with their logos, and a themed studio slot, at a phone's and a desktop's size. Not a test.
 *   SHOTS_SITE=… SHOTS_DIR=/tmp/shots node --import tsx apps/e2e/shots/lobby-themes.ts
 */
import { expect } from '@playwright/test';
import { uniqueEmail } from '../tests/players.ts';
import { confirmEmail, env, launch, playDice, playerPage, register, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://localhost:39300';
const out = env.SHOTS_DIR ?? '/work/shared/screenshots/lobby-themes';
const shot = shooter(out, 1_200);

const browser = await launch();
// A few wins first, so that the feed has something to show.
{
  const { context, page } = await playerPage(browser, sizes[1], site);
  const email = uniqueEmail('alina');
  await register(page, site, email);
  await confirmEmail(page, site, email);
  await page.goto(`${site}/payment/deposit`);
  await page.getByLabel('Сумма, ₽').fill('5000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByRole('heading', { name: 'Баланс пополнен' })).toBeVisible();
  await playDice(page, site, 4);
  await context.close();
}
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  await page.goto(`${site}/games`);
  await expect(page.getByTestId('win-feed-item').first()).toBeVisible();
  await shot(page, size.name, 'lobby');
  await shot(page, size.name, 'lobby-full', true);
  await page.goto(`${site}/games/slots`);
  await shot(page, size.name, 'lobby-slots');
  await page.goto(`${site}/games/developer`);
  await shot(page, size.name, 'studios');
  await page.goto(`${site}/games/developer/neon-fox`);
  await shot(page, size.name, 'studio-page');
  const slot = page.locator('.game-card').filter({ hasText: /./ }).nth(2);
  await slot.getByRole('link').click();
  await expect(page.locator('iframe.game-frame')).toBeVisible();
  await shot(page, size.name, 'studio-game');
  // One demo spin: the reels stop on the theme's symbols.
  const frame = page.frameLocator('iframe.game-frame');
  await expect(frame.locator('#balance')).not.toHaveText('—');
  await frame.getByRole('button', { name: 'Крутить' }).click();
  await expect(frame.locator('#result')).not.toBeEmpty();
  await shot(page, size.name, 'studio-game-spun');
  await context.close();
}
await browser.close();
