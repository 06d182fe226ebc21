import { expect, test, type Page } from '@playwright/test';
import { registerInModal, uniqueEmail } from './players.ts';

/**
 * The crawler (issue 20): from `/`, the site's own links, first as a guest and then as a registered
 * player, each page checked for what a demanding player would notice: an error status, a console
 * error, a page wider than the screen (at 320, 390, 768 and 1440 px), or a sum or date that is not
 * written the Russian way (`1 000,00 ₽`, `25.11.2026 02:34`). Bounded: at most 16 pages per walk, and
 * at most 2 pages of one kind (`/game/…`, `/lobby/…`), so it keeps under three minutes.
 */
const WIDTHS = [320, 390, 768, 1440];
const PAGES_PER_WALK = 16;
const PER_KIND = 2;

/** Links a crawler must not follow: they end the session or leave for a provider. */
const SKIPPED = [/^\/logout/, /^\/api\//, /^\/oauth\//, /^\/telegram\//, /^\/login-by-token/, /^\/assets/];

/** Sums and dates written otherwise than in Russian, as they would show in a page's text. */
const FOREIGN_FORMATS: [string, RegExp][] = [
  ['a sum with a decimal point', /(?<![\d.,:/-])\d{1,3}(?:[\s\u00a0,]?\d{3})*\.\d{2}(?![\d.])/],
  ['a sum with comma thousands', /(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])/],
  ['a date with dashes', /(?<![\d-])(?:\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{2,4})(?![\d-])/],
  ['a date with slashes', /(?<![\d/])\d{1,2}\/\d{1,2}\/\d{2,4}(?![\d/])/],
];

/** The kind of a page, for the bound on how many of one kind are visited. */
const kindOf = (path: string) => {
  const parts = path.split('/').filter(Boolean);
  return parts.length <= 1 ? path : `/${parts[0]}/*`;
};

async function checkPage(page: Page, path: string, problems: string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 1) problems.push(`${path}: ${overflow}px wider than the screen at ${width}px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const text = await page.locator('body').innerText();
  for (const [what, shape] of FOREIGN_FORMATS) {
    const found = shape.exec(text);
    if (found)
      problems.push(`${path}: ${what}: «${text.slice(Math.max(0, found.index - 30), found.index + 30)}»`);
  }
}

/** Watches a page for console errors and error statuses, naming the page being checked. */
function watch(page: Page, problems: string[]) {
  const state = { current: '/' };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${state.current}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${state.current}: page error: ${error.message}`));
  page.on('response', (response) => {
    const status = response.status();
    if (status === 404 || status >= 500) problems.push(`${state.current}: ${status} for ${response.url()}`);
  });
  return state;
}

/** A walk over the site's links from `start`, checking each page; answers the paths it saw. */
async function walk(page: Page, problems: string[], state: { current: string }, start: string[]) {
  const queue = [...start];
  const seen = new Set<string>(queue);
  const kinds = new Map<string, number>();
  const visited: string[] = [];
  while (queue.length > 0 && visited.length < PAGES_PER_WALK) {
    const path = queue.shift()!;
    state.current = path;
    const response = await page.goto(path);
    visited.push(path);
    const status = response?.status() ?? 0;
    if (status === 404 || status >= 500) continue;
    // Loaded and hydrated: the page's own calls have answered (the clock keeps polling, so never idle).
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    await checkPage(page, path, problems);
    const origin = new URL(page.url()).origin;
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const next = url.pathname + url.search;
      if (seen.has(next) || SKIPPED.some((skip) => skip.test(url.pathname))) continue;
      const kind = kindOf(url.pathname);
      if ((kinds.get(kind) ?? 0) >= PER_KIND) continue;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      seen.add(next);
      queue.push(next);
    }
  }
  return visited;
}

test('crawls the site as a guest and as a player: no error, no overflow, Russian formats', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  const state = watch(page, problems);
  const guest = await walk(page, problems, state, ['/']);
  expect(guest.length).toBeGreaterThan(10);

  await page.goto('/#register');
  await registerInModal(page, uniqueEmail('crawler'));
  const player = await walk(page, problems, state, [
    '/',
    '/profile',
    '/payment/deposit',
    '/payment/history',
    '/payment/game-history',
    '/games-limits/deposit',
    '/gifts',
  ]);
  expect(player.length).toBeGreaterThan(10);
  expect(problems).toEqual([]);
});
