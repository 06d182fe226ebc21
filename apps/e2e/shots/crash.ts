/// <reference lib="dom" />
/**
 * Screenshots of crash (ADR 044) at a phone's and a desktop's size, against a running stack
 * (`npm start`, SHOTS_SITE): the lobby card, the site's game page (demo) in the betting phase, in
 * flight with a bet, and after the crash with the fairness panel's check. Not a test.
 *   SHOTS_SITE=http://127.0.0.1:42050 SHOTS_DIR=/tmp/shots/crash node --import tsx apps/e2e/shots/crash.ts
 */
import { expect } from '@playwright/test';
import { env, launch, playerPage, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:42050';
const out = env.SHOTS_DIR ?? '/tmp/shots/crash';

const shot = shooter(out, 300);

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  await page.goto(`${site}/games/instant`);
  await shot(page, size.name, 'lobby-instant');
  await page.goto(`${site}/game/kometa/kometa-crash?mode=demo`);
  const frame = page.frameLocator('iframe[title="Игра: Краш"]');
  await expect(frame.getByTestId('balance')).not.toHaveText('—', { timeout: 30_000 });
  const place = frame.getByRole('button', { name: 'Поставить', exact: true });
  await expect(place).toBeEnabled({ timeout: 30_000 });
  await frame.getByLabel('Автовывод, ×').fill('3,00');
  await place.click();
  await shot(page, size.name, 'crash-betting');
  // In flight: wait until the multiplier has grown a little (or the round crashed early: try the next).
  for (let tries = 0; tries < 5; tries++) {
    await expect(frame.getByTestId('phase')).toHaveText(/Полёт|Вы забрали|Улетела/, { timeout: 30_000 });
    await page.waitForTimeout(2_500);
    if ((await frame.getByTestId('phase').textContent())?.startsWith('Улетела')) {
      await expect(frame.getByRole('button', { name: 'Поставить', exact: true })).toBeEnabled({
        timeout: 30_000,
      });
      await frame.getByRole('button', { name: 'Поставить', exact: true }).click();
      continue;
    }
    await shot(page, size.name, 'crash-flight');
    break;
  }
  await expect(frame.getByTestId('phase')).toHaveText(/Улетела на/, { timeout: 240_000 });
  await page.waitForTimeout(600);
  await shot(page, size.name, 'crash-after');
  await frame.getByRole('button', { name: 'Честная игра' }).click();
  await expect(frame.getByTestId('chain-check')).toHaveText(/сходится|не прошла/, { timeout: 20_000 });
  await shot(page, size.name, 'crash-fairness');
  await context.close();
}
await browser.close();
