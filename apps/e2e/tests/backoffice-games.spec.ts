import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS, expectNoAxeViolations, operatorSession } from './operators.ts';

/**
 * Games in the back office (ADR 037), as operators click them: the content operator switches a game
 * off and the player site loses it at once (lobby, search, its page), switches it back on, renames a
 * game and the lobby shows the new name; the administrator finds every change in the audit log. The
 * demo operators' secrets are published in the README.
 */

const DICE = 'a[href="/game/kometa/kometa-dice"]';
const CLASSIC = 'a[href="/game/kometa/kometa-classic-slot"]';

test('content switches a game off and on, renames one; the site follows at once; all audited', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36).toUpperCase();
  const newName = `Классика ${run}`;

  // The player site shows the dice game in the lobby and in search.
  await page.goto('/games');
  await expect(page.locator(DICE).first()).toBeVisible();
  await page.goto(`/search-games?q=${encodeURIComponent('Кости')}`);
  await expect(page.locator(DICE).first()).toBeVisible();

  const content = await operatorSession(browser, DEMO_OPERATORS.content);
  await content.nav.getByRole('link', { name: 'Игры' }).click();
  await expect(content.page.getByRole('heading', { name: 'Игры', level: 1 })).toBeVisible();
  await content.page.getByLabel('Название, код или №').fill('kometa-dice');
  await content.page.getByRole('button', { name: 'Найти' }).click();
  const row = content.page.getByRole('row', { name: /Кости/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Включена')).toBeVisible();
  await expectNoAxeViolations(content.page, { serious: true });

  // Off: gone from the lobby, search and its page at once.
  content.page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Выключить игру «Кости»' }).click();
  await expect(content.page.getByText('«Кости» выключена и скрыта из лобби')).toBeVisible();
  await expect(row.getByText('Выключена')).toBeVisible();

  await page.goto('/games');
  await expect(page.locator(CLASSIC).first()).toBeVisible();
  await expect(page.locator(DICE)).toHaveCount(0);
  await page.goto(`/search-games?q=${encodeURIComponent('Кости')}`);
  await expect(page.locator(DICE)).toHaveCount(0);
  const gamePage = await page.goto('/game/kometa/kometa-dice');
  expect(gamePage?.status()).toBe(404);

  // On again.
  await row.getByRole('button', { name: 'Включить игру «Кости»' }).click();
  await expect(content.page.getByText('«Кости» включена и снова в лобби')).toBeVisible();
  await page.goto('/games');
  await expect(page.locator(DICE).first()).toBeVisible();

  // Renamed: the lobby shows the new name.
  await content.page.getByLabel('Название, код или №').fill('kometa-classic-slot');
  await content.page.getByRole('button', { name: 'Найти' }).click();
  await content.page.getByRole('link', { name: 'Классика 3×3' }).click();
  await expect(content.page.getByRole('heading', { name: 'Классика 3×3', level: 1 })).toBeVisible();
  await expect(content.page.getByRole('heading', { name: 'Возврат игроку' })).toBeVisible();
  await expectNoAxeViolations(content.page, { serious: true });
  await content.page.getByLabel('Название в лобби').fill(newName);
  await content.page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(content.page.getByText('Изменения сохранены — лобби уже показывает их')).toBeVisible();
  await expect(content.page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();
  await page.goto('/games');
  await expect(page.locator(CLASSIC).first()).toContainText(newName);

  // The lobby and providers screens are clean too.
  await content.nav.getByRole('link', { name: 'Лобби' }).click();
  await expect(content.page.getByRole('heading', { name: 'Вкладки лобби' })).toBeVisible();
  await expectNoAxeViolations(content.page, { serious: true });
  await content.nav.getByRole('link', { name: 'Провайдеры' }).click();
  await expect(content.page.getByRole('cell', { name: /Демо-студия Kometa/ }).first()).toBeVisible();
  await expectNoAxeViolations(content.page, { serious: true });

  // The administrator finds the three changes in the audit log.
  const admin = await operatorSession(browser, DEMO_OPERATORS.admin);
  await admin.nav.getByRole('link', { name: 'Журнал аудита' }).click();
  await expect(admin.page.getByRole('heading', { name: 'Журнал аудита', level: 1 })).toBeVisible();
  for (const action of ['Выключение игры', 'Включение игры', 'Изменение игры']) {
    await expect(admin.page.getByRole('cell', { name: action }).first()).toBeVisible();
  }

  // The demo's name comes back for the other specs.
  await content.page.getByRole('link', { name: 'Игры' }).click();
  await content.page.getByLabel('Название, код или №').fill('kometa-classic-slot');
  await content.page.getByRole('button', { name: 'Найти' }).click();
  await content.page.getByRole('link', { name: newName }).click();
  await content.page.getByLabel('Название в лобби').fill('Классика 3×3');
  await content.page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(content.page.getByRole('heading', { name: 'Классика 3×3', level: 1 })).toBeVisible();
  await content.context.close();
  await admin.context.close();
});
