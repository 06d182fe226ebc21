import { expect, test } from '@playwright/test';
import { registerInModal, uniqueEmail } from './players.ts';

test('a game’s public page, its studio’s games, and the player’s favourites', async ({ page }) => {
  await page.goto('/game_promo/kometa-dice');
  await expect(page).toHaveTitle('Кости — Комета');
  await expect(page.getByRole('heading', { level: 1, name: 'Кости' })).toBeVisible();
  // The return to player as Russian writes it (formatPercent): "96,50 %".
  await expect(page.getByText(/^\d{2},\d{2}\s%$/)).toBeVisible();
  // A guest has no favourites to keep.
  await expect(page.getByRole('button', { name: /Избранное/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Kometa', exact: true }).click();
  await expect(page).toHaveURL(/\/games\/developer\/kometa$/);
  await expect(page.getByText('8 игр')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Kometa' }).getByRole('listitem')).toHaveCount(8);
  await page.getByRole('navigation', { name: 'Разделы лобби' }).getByRole('link', { name: 'Студии' }).click();
  await expect(page.getByRole('link', { name: /Aurora Games\s*334 игры/ })).toBeVisible();

  await page.goto('/game_promo/kometa-dice#register');
  await registerInModal(page, uniqueEmail('favorites'));
  const star = page.getByRole('button', { name: 'Избранное: Кости' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/games/favorite');
  await expect(page.getByRole('list', { name: 'Избранное' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Избранное' }).getByText('Кости')).toBeVisible();

  // Taken off from the game page itself, the favourites are empty again.
  await page.goto('/game/kometa/kometa-dice?mode=demo');
  const inGame = page.getByRole('button', { name: 'Избранное: Кости' });
  await expect(inGame).toHaveAttribute('aria-pressed', 'true');
  await inGame.click();
  await expect(inGame).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/games/favorite');
  await expect(page.getByText('В избранном пока пусто')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Разделы лобби' })
    .getByRole('link', { name: 'Для вас' })
    .click();
  await expect(page.getByRole('heading', { name: 'Новинки' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Новинки' }).getByRole('listitem').first()).toBeVisible();
});
