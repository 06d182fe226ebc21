/// <reference lib="dom" />
/**
 * Screenshots of the legal pages and the footer (issue 20) at a phone's and a desktop's size against a
 * running stack (SHOTS_SITE, default http://localhost:39300); saved under SHOTS_DIR.
 *   node --import tsx apps/e2e/shots/legal.ts
 */
import { env, launch, playerPage, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://localhost:39300';
const out = env.SHOTS_DIR ?? '/work/shared/screenshots/legal';
const shot = shooter(out);

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  await page.goto(`${site}/rules`);
  await shot(page, size.name, 'legal-rules');
  await shot(page, size.name, 'legal-rules-full', true);
  await page.goto(`${site}/responsible-gaming`);
  await shot(page, size.name, 'legal-responsible-gaming-full', true);
  await page.goto(`${site}/`);
  await page.locator('footer').scrollIntoViewIfNeeded();
  await page.locator('footer').screenshot({ path: `${out}/footer-${size.name}.png` });
  console.log(`footer-${size.name}.png`);
  await context.close();
}
await browser.close();
