import { expect, test } from '@playwright/test';

test('a lobby tab sorted А–Я and filtered by a studio, kept in the address', async ({ page }) => {
  await page.goto('/games/slots');
  const view = page.getByRole('form', { name: 'Порядок и студия' });
  const sort = view.getByRole('combobox', { name: 'Сортировка' });
  const studio = view.getByRole('combobox', { name: 'Студия' });
  await expect(sort).toHaveValue('popular');
  // Each studio of the tab with how many games it has there.
  await expect(studio.getByRole('option', { name: /^Taiga Play \(\d+\)$/ })).toHaveCount(1);

  await sort.selectOption({ label: 'А–Я' });
  await expect(page).toHaveURL(/[?&]sort=title/);
  await studio.selectOption('taiga-play');
  await expect(page).toHaveURL(/[?&]studio=taiga-play/);
  await expect(page).toHaveURL(/[?&]sort=title/);

  const grid = page.getByRole('list', { name: 'Игры' });
  const cards = grid.getByRole('listitem');
  const section = page.getByRole('region', { name: 'Игры' }).filter({ has: grid });
  async function expectOnlyTaigaInOrder() {
    // The address changes before the new grid is drawn: wait for the grid, never read it once.
    await expect(section).toHaveAttribute('aria-busy', 'false');
    await expect(cards.first()).toBeVisible();
    await expect
      .poll(async () => [...new Set(await grid.locator('.game-card-studio').allInnerTexts())])
      .toEqual(['Taiga Play']);
    expect(await cards.count()).toBeGreaterThan(1);
    const titles = await grid.locator('.game-card-title').allInnerTexts();
    expect(titles).toEqual([...titles].sort(new Intl.Collator('ru', { numeric: true }).compare));
  }
  await expectOnlyTaigaInOrder();
  const count = (await studio.getByRole('option', { name: /^Taiga Play/ }).innerText()).match(
    /\((\d+)\)/,
  )![1];
  await expect(page.getByText(new RegExp(`^${count} игр`))).toBeVisible();

  await page.reload();
  await expect(sort).toHaveValue('title');
  await expect(studio).toHaveValue('taiga-play');
  await expectOnlyTaigaInOrder();

  // Back to every studio: the address keeps only the order.
  await studio.selectOption({ label: 'Все студии' });
  await expect(page).toHaveURL(/\/games\/slots\?sort=title$/);
  await expect(grid.locator('.game-card-studio').filter({ hasNotText: 'Taiga Play' }).first()).toBeVisible();

  // No horizontal overflow: the controls fit the narrowest phone.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the order and studio apply by the form’s button', async ({ page }) => {
    await page.goto('/games/slots');
    const view = page.getByRole('form', { name: 'Порядок и студия' });
    await view.getByRole('combobox', { name: 'Сортировка' }).selectOption('new');
    await view.getByRole('combobox', { name: 'Студия' }).selectOption('neon-fox');
    await view.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/\/games\/slots\?sort=new&studio=neon-fox$/);
    const studios = await page
      .getByRole('list', { name: 'Игры' })
      .locator('.game-card-studio')
      .allInnerTexts();
    expect(studios.length).toBeGreaterThan(1);
    expect(new Set(studios)).toEqual(new Set(['Neon Fox']));
  });
});
