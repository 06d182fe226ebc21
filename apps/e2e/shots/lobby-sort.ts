/// <reference lib="dom" />
/**
 * Screenshots of a lobby tab's order and studio controls (issue 20 item 8) at a phone's, a 320 px
 * phone's and a desktop's size against a running stack (SHOTS_SITE, default
 * http://localhost:39300); saved under SHOTS_DIR.
 *   node --import tsx apps/e2e/shots/lobby-sort.ts
 */
import { env, launch, playerPage, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://localhost:39300';
const out = env.SHOTS_DIR ?? '/work/shared/screenshots/lobby-sort';
const shot = shooter(out);

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  // The phone also at the narrowest width the site supports.
  const widths = size.name === 'phone' ? [size.viewport.width, 320] : [size.viewport.width];
  for (const width of widths) {
    const name = width === size.viewport.width ? size.name : `${size.name}-${width}`;
    await page.setViewportSize({ width, height: size.viewport.height });
    await page.goto(`${site}/games/slots`);
    await shot(page, name, 'lobby-tab');
    await page.goto(`${site}/games/slots?sort=title&studio=taiga-play`);
    await shot(page, name, 'lobby-tab-sorted');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`${name}: horizontal overflow ${overflow}px`);
  }
  await context.close();
}
await browser.close();
