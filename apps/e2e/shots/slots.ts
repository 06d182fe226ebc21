/// <reference lib="dom" />
/**
 * Screenshots of the slots (ADR 047) at a phone's and a desktop's size, straight from a running game
 * server (SHOTS_GAMES) on play money: before a spin, mid-spin (the blur), after a win (spinning until
 * one comes), and the paytable. Not a test.
 *   SHOTS_GAMES=http://127.0.0.1:42014 SHOTS_DIR=/tmp/shots/slots node --import tsx apps/e2e/shots/slots.ts
 */
import { expect } from '@playwright/test';
import { env, launch, sizes } from './shoot.ts';

const games = env.SHOTS_GAMES ?? 'http://127.0.0.1:42014';
const out = env.SHOTS_DIR ?? '/tmp/shots/slots';

const browser = await launch();
for (const size of sizes) {
  for (const slot of ['classic-slot', 'video-slot']) {
    const context = await browser.newContext({ ...size, deviceScaleFactor: 1, locale: 'ru-RU' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    page.on('console', (message) => message.type() === 'error' && console.log('console', message.text()));
    const shot = (name: string) => page.screenshot({ path: `${out}/${slot}-${name}-${size.name}.png` });
    await page.goto(`${games}/play/${slot}?mode=demo&token=shots-${size.name}-${slot}-${Date.now()}`);
    const spin = page.locator('#play');
    await expect(spin).toBeEnabled({ timeout: 30_000 });
    await page.waitForTimeout(300);
    await shot('before');
    await spin.click();
    await page.waitForTimeout(650);
    await shot('spinning');
    for (let round = 0; round < 12; round++) {
      await expect(spin).toBeEnabled({ timeout: 90_000 });
      if (/Выигрыш/.test((await page.locator('#result').textContent()) ?? '')) break;
      await spin.click();
      await page.waitForTimeout(round === 0 ? 300 : 100);
    }
    await page.waitForTimeout(200);
    await shot('after');
    console.log(slot, size.name, await page.locator('#result').textContent());
    await page.locator('#paytable-open').click();
    await page.waitForTimeout(300);
    await shot('paytable');
    await context.close();
  }
}
await browser.close();
