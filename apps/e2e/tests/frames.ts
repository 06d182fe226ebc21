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

/** A new player with 1 000 ₽ from the sandbox, in plinko for real money. */
export async function playerInPlinko(page: Page, label: string): Promise<FrameLocator> {
  await page.goto('/#register');
  await registerInModal(page, uniqueEmail(label));
  await page.goto('/payment/deposit');
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  await page.goto('/game/kometa/kometa-plinko');
  const frame = page.frameLocator('iframe[title="Игра: Плинко"]');
  await expect(frame.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  return frame;
}
