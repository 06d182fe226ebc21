/// <reference lib="dom" />
/**
 * What the screenshot walk-throughs share: the browser, the two sizes, a player's context with the
 * cookie notice closed, the shot itself, and a registered player with the e-mail confirmed.
 */
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { submitRegistration } from '../tests/players.ts';

// eslint-disable-next-line no-restricted-syntax -- a tool run by hand, not the suite's config
export const env = process.env;

/** A phone's and a desktop's size. */
export const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;
export type Size = (typeof sizes)[number];

/** Debian's Chromium, headless, with nothing of its own on the network. */
export const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

/** A page of the size in Russian on `site`, the cookie notice closed as a returning player has it. */
export async function playerPage(browser: Browser, size: Size, site: string) {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.hasTouch,
    deviceScaleFactor: 1,
    locale: 'ru-RU',
  });
  await context.addCookies([{ name: 'kometa_cookie_notice', value: '0', url: site }]);
  return { context, page: await context.newPage() };
}

/**
 * Saves `<out>/<name>-<size>.png` after `wait` ms; a full page is taken from the top, so the sticky
 * header sits where it belongs.
 */
export function shooter(out: string, wait = 400) {
  return async (page: Page, size: string, name: string, fullPage = false) => {
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(wait);
    await page.screenshot({ path: `${out}/${name}-${size}.png`, fullPage });
    console.log(`${name}-${size}.png`);
  };
}

/** Confirms the player's e-mail by the link in the development mailbox. */
export async function confirmEmail(page: Page, site: string, email: string) {
  const mailbox = await page.request.get(`${site}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = /\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/.exec(JSON.stringify(await mailbox.json()));
  await page.goto(`${site}${link![0]}`);
}

/** Registers `email` through the site's form (already open when `opened`) and waits for the balance. */
export async function register(page: Page, site: string, email: string, opened = false) {
  if (!opened) await page.goto(`${site}/#register`);
  await submitRegistration(page.getByRole('dialog', { name: 'Регистрация' }), email);
  await expect(page.getByTestId('balance')).toBeVisible();
}

/** Plays `rounds` rounds of dice at 250 ₽ with a 95 % chance. */
export async function playDice(page: Page, site: string, rounds: number) {
  await page.goto(`${site}/game/kometa/kometa-dice`);
  const dice = page.frameLocator('iframe[title="Игра: Кости"]');
  await expect(dice.locator('#balance')).not.toHaveText('—', { timeout: 20_000 });
  await dice.getByLabel('Ставка, ₽').fill('250');
  await dice.getByLabel('Шанс выигрыша, %').fill('95');
  for (let round = 0; round < rounds; round++) {
    const nonce = await dice.locator('#nonce').textContent();
    await dice.getByRole('button', { name: 'Меньше' }).click();
    await expect(dice.locator('#nonce')).not.toHaveText(nonce ?? '');
  }
}
