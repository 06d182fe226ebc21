/// <reference lib="dom" />
/**
 * Screenshots of blackjack and dice on the renderer (ADR 049) at a phone's and a desktop's size,
 * against a running stack (`npm start`, SHOTS_SITE), in demo: before a round, during a hand, after it.
 * Not a test.
 *   SHOTS_SITE=http://127.0.0.1:42030 SHOTS_DIR=/tmp/shots/bj node --import tsx apps/e2e/shots/blackjack-dice.ts
 */
import { expect } from '@playwright/test';
import { env, launch, playerPage, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:42030';
const out = env.SHOTS_DIR ?? '/tmp/shots/blackjack-dice';

const shot = shooter(out, 900);

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  await page.goto(`${site}/game/kometa/kometa-blackjack?mode=demo`);
  const bj = page.frameLocator('iframe[title="Игра: Блэкджек"]');
  await expect(bj.getByTestId('balance')).not.toHaveText('—', { timeout: 30_000 });
  await shot(page, size.name, 'blackjack-before');
  for (let round = 0; round < 4; round++) {
    if (await bj.getByRole('button', { name: 'Хватит' }).isEnabled()) break;
    await bj.getByRole('button', { name: 'Раздать' }).click();
    await expect(bj.locator('#hands')).toContainText('Рука 1', { timeout: 20_000 });
    await page.waitForTimeout(1_800);
    if (await bj.getByRole('button', { name: 'Хватит' }).isEnabled()) break;
  }
  await shot(page, size.name, 'blackjack-during');
  for (let step = 0; step < 6; step++) {
    if (await bj.getByRole('button', { name: 'Раздать' }).isEnabled()) break;
    for (const name of ['Разделить', 'Удвоить', 'Хватит']) {
      const button = bj.getByRole('button', { name, exact: true });
      if (await button.isEnabled()) {
        await button.click();
        break;
      }
    }
    await page.waitForTimeout(1_800);
  }
  await shot(page, size.name, 'blackjack-after');

  await page.goto(`${site}/game/kometa/kometa-dice?mode=demo`);
  const dice = page.frameLocator('iframe[title="Игра: Кости"]');
  await expect(dice.getByTestId('balance')).not.toHaveText('—', { timeout: 30_000 });
  await shot(page, size.name, 'dice-before');
  await dice.getByLabel('Шанс выигрыша, %').fill('35');
  await dice.getByLabel('Шанс выигрыша, %').press('Tab');
  for (let roll = 0; roll < 4; roll++) {
    await dice.getByRole('button', { name: 'Бросить' }).click();
    await page.waitForTimeout(1_400);
  }
  await shot(page, size.name, 'dice-after');
  await context.close();
}
await browser.close();
