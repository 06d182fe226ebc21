/// <reference lib="dom" />
/**
 * Screenshots of the originals (ADR 042, 043) at a phone's and a desktop's size, against a running
 * stack (`npm start`, SHOTS_SITE): the lobby with their covers, then mines and plinko in the site's
 * game page before and after a round (demo). Not a test.
 *   SHOTS_SITE=http://127.0.0.1:42075 SHOTS_DIR=/tmp/shots node --import tsx apps/e2e/shots/originals.ts
 */
import { expect } from '@playwright/test';
import { env, launch, playerPage, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:42075';
const out = env.SHOTS_DIR ?? '/tmp/shots/originals';

const shot = shooter(out, 900);

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  await page.goto(`${site}/games/instant`);
  await shot(page, size.name, 'lobby-instant');

  await page.goto(`${site}/game/kometa/kometa-mines?mode=demo`);
  const mines = page.frameLocator('iframe[title="Игра: Мины"]');
  await expect(mines.getByTestId('balance')).not.toHaveText('—', { timeout: 30_000 });
  await shot(page, size.name, 'mines-before');
  await mines.getByRole('button', { name: 'Играть' }).click();
  for (const tile of [7, 13, 19, 8]) {
    const button = mines.getByRole('button', { name: `Клетка ${tile}`, exact: true });
    if (!(await button.isEnabled())) break;
    await button.click();
    await page.waitForTimeout(700);
  }
  await shot(page, size.name, 'mines-during');
  const cashOut = mines.getByRole('button', { name: /Забрать/ });
  if ((await cashOut.count()) > 0 && (await cashOut.isEnabled())) await cashOut.click();
  await shot(page, size.name, 'mines-after');

  await page.goto(`${site}/game/kometa/kometa-plinko?mode=demo`);
  const plinko = page.frameLocator('iframe[title="Игра: Плинко"]');
  await expect(plinko.getByTestId('balance')).not.toHaveText('—', { timeout: 30_000 });
  await shot(page, size.name, 'plinko-before');
  for (let ball = 0; ball < 4; ball++) {
    await plinko.getByRole('button', { name: 'Бросить шар' }).click();
    await page.waitForTimeout(300);
  }
  await shot(page, size.name, 'plinko-during', false);
  await page.waitForTimeout(2_500);
  await shot(page, size.name, 'plinko-after');
  await context.close();
}
await browser.close();
