import { expect, test, type Page } from '@playwright/test';
import { linkFromMailbox, registerInModal, uniqueEmail } from './players.ts';

/** Redeems a promo code and takes its gift after reading the terms. */
async function takeCode(page: Page, code: string) {
  await page.goto('/gifts/promo');
  await page.getByRole('textbox', { name: 'Промокод' }).fill(code);
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByText('Промокод принят')).toBeVisible();
  await page.getByRole('button', { name: 'Получить' }).click();
  await page.getByRole('button', { name: 'Принимаю условия, получить' }).click();
  await expect(page.getByTestId('gifts-current')).toBeVisible();
}

test('a player with an empty balance is offered the free bet, then plays 10 free spins of SPINS at the locked stake', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('free-spins');
  await page.goto('/#register');
  await registerInModal(page, email);
  await page.goto(await linkFromMailbox(page, email, /\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/));
  await takeCode(page, 'SPINS');
  await takeCode(page, 'FREEBET');

  // Nothing on the balance: the pre-game popup offers the free bet instead of only the cashier.
  await page.goto('/game/kometa/kometa-classic-slot');
  const popup = page.getByRole('dialog', { name: 'У вас фрибет 100,00\u00a0₽' });
  await expect(popup).toBeVisible();
  await popup.getByRole('link', { name: 'Сыграть фрибетом' }).click();

  const slot = page.frameLocator('iframe[title="Игра: Классика 3×3"]');
  await expect(slot.locator('#free-rounds-left')).toHaveText('Фриспины: 10 из 10', { timeout: 20_000 });
  await expect(slot.locator('#free-rounds')).toContainText('Ставка спина 20,00\u00a0₽ — за счёт казино');
  await expect(slot.getByLabel('Ставка на 5 линий, ₽')).toBeDisabled();
  // Each spin is told once its reels have landed (a few seconds of animation): the next waits for it.
  const spin = slot.getByRole('button', { name: 'Крутить бесплатно' });
  for (let left = 9; left >= 0; left--) {
    const nonce = await slot.locator('#nonce').textContent();
    await expect(spin).toBeEnabled({ timeout: 20_000 });
    await spin.click();
    await expect(slot.locator('#nonce')).not.toHaveText(nonce ?? '');
    if (left > 0)
      await expect(slot.locator('#free-rounds-left')).toHaveText(`Фриспины: ${left} из 10`, {
        timeout: 20_000,
      });
  }
  // The last spin played: the outcome is said, and the free bet is the next free round on this game.
  await expect(slot.locator('#result')).toContainText('Фриспины сыграны', { timeout: 20_000 });
  await expect(slot.locator('#free-rounds-left')).toHaveText('Фрибет 100,00\u00a0₽');
  await slot.getByRole('button', { name: 'Сыграть фрибетом' }).click();
  await expect(slot.locator('#result')).toContainText('Фрибет сыгран', { timeout: 20_000 });
  await expect(slot.locator('#free-rounds')).toBeHidden();
});
