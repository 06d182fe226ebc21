import { expect, type FrameLocator, type Page } from '@playwright/test';
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
