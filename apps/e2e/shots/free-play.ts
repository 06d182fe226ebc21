/// <reference lib="dom" />
/**
 * Screenshots of free play (ADR 031) at a phone's and a desktop's size, against a running stack
 * (`npm start`, SHOTS_SITE): the pre-game popup offering a free bet on an empty balance, and the
 * classic slot playing free spins with the stake locked. Not a test.
 *   SHOTS_SITE=http://127.0.0.1:44300 node --import tsx apps/e2e/shots/free-play.ts
 */
import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from '../tests/players.ts';
import { confirmEmail, env, launch, playerPage, register, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:44300';
const out = env.SHOTS_DIR ?? '/work/shots/freeplay';

const shot = shooter(out);

/** Redeems a promo code and takes its gift after reading the terms. */
async function takeCode(page: Page, code: string) {
  await page.goto(`${site}/gifts/promo`);
  await page.getByRole('textbox', { name: 'Промокод' }).fill(code);
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByText('Промокод принят')).toBeVisible();
  await page.getByRole('button', { name: 'Получить' }).click();
  await page.getByRole('button', { name: 'Принимаю условия, получить' }).click();
  await expect(page.getByTestId('gifts-current')).toBeVisible();
}

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  const email = uniqueEmail(`free-play-${size.name}`);
  await register(page, site, email);
  await confirmEmail(page, site, email);

  await takeCode(page, 'SPINS');
  await takeCode(page, 'FREEBET');

  // An empty balance: the pre-game popup offers the free bet.
  await page.goto(`${site}/game/kometa/kometa-classic-slot`);
  await expect(page.getByRole('dialog', { name: /фрибет/ })).toBeVisible();
  await shot(page, size.name, '01-pregame-free-bet');

  await page.getByRole('link', { name: 'Сыграть фрибетом' }).click();
  const slot = page.frameLocator('iframe[title="Игра: Классика 3×3"]');
  await expect(slot.locator('#free-rounds')).toBeVisible({ timeout: 20_000 });
  await shot(page, size.name, '02-slot-free-spins');
  for (let spin = 0; spin < 3; spin++) {
    const nonce = await slot.locator('#nonce').textContent();
    await slot.getByRole('button', { name: 'Крутить бесплатно' }).click();
    await expect(slot.locator('#nonce')).not.toHaveText(nonce ?? '');
  }
  await expect(slot.locator('#free-rounds-left')).toHaveText('Фриспины: 7 из 10');
  await shot(page, size.name, '03-slot-free-spins-7-of-10');
  for (let spin = 0; spin < 7; spin++) {
    const nonce = await slot.locator('#nonce').textContent();
    await slot.getByRole('button', { name: 'Крутить бесплатно' }).click();
    await expect(slot.locator('#nonce')).not.toHaveText(nonce ?? '');
  }
  // The spins played: the free bet is next on this game.
  await expect(slot.getByRole('button', { name: 'Сыграть фрибетом' })).toBeVisible();
  await shot(page, size.name, '04-slot-free-bet');
  await context.close();
}
await browser.close();
