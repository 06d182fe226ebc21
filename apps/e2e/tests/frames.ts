import { fileURLToPath } from 'node:url';
import { expect, type FrameLocator, type Page, type TestInfo } from '@playwright/test';
import { registerInModal, uniqueEmail } from './players.ts';

/** Sums as the frames write them ("1 000,31 ₽") in kopecks. */
export const kopecks = (text: string) =>
  Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

/** Every console error and uncaught exception of the page and its frames, collected as they happen. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * For an approved image after a round: the words and sums of the outcome (and the balance) are hidden,
 * not masked, in every frame of the page, since their size follows the outcome and a mask would too.
 * The board where the outcome lands is masked by each spec (its size is the layout's).
 */
export const ROUND_OUTCOME_CSS = fileURLToPath(new URL('./round-outcome.css', import.meta.url));

/**
 * A play-money launch token of the test's own: a new player with 1 000,00 ₽ in each project, repeat
 * and retry, so a run again never starts from the balance the last run left.
 */
export const playToken = (info: TestInfo, label: string) =>
  `${label}-${info.project.name}-${info.repeatEachIndex}-${info.retry}`;

/** A new player who has paid 1 000 ₽ in through the sandbox. */
export async function depositedPlayer(page: Page, label: string): Promise<void> {
  await page.goto('/#register');
  await registerInModal(page, uniqueEmail(label));
  await page.goto('/payment/deposit');
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
}

/** A new player with 1 000 ₽ from the sandbox, in plinko for real money. */
export async function playerInPlinko(page: Page, label: string): Promise<FrameLocator> {
  await depositedPlayer(page, label);
  await page.goto('/game/kometa/kometa-plinko');
  const frame = page.frameLocator('iframe[title="Игра: Плинко"]');
  await expect(frame.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  return frame;
}

/** No page of the frame is wider than its screen, from the narrowest phone to a desktop. */
export async function expectFitsEveryWidth(page: Page, label = ''): Promise<void> {
  for (const width of [320, 390, 768, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${label} at ${width} px`).toBeLessThanOrEqual(width);
  }
}
