import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { consoleErrors, kopecks, playerInPlinko } from './frames.ts';
import { DEMO_OPERATORS, operatorSession } from './operators.ts';

/**
 * Autoplay (ADR 046) in plinko: not offered until the content operator allows it for instant games in
 * the back office's settings (a desktop journey, so it runs on the desktop project only), then run
 * with the player's loss limit, which stops it.
 */

/** The content operator turns autoplay on for instant games in the back office's settings. */
async function allowAutoplayForInstantGames(browser: Browser, testInfo: TestInfo) {
  const { context, page, nav } = await operatorSession(browser, DEMO_OPERATORS.content);
  await nav.getByRole('link', { name: 'Настройки сайта' }).click();
  const card = page.getByRole('form', { name: 'Автоигра в играх' });
  await expect(card).toBeVisible();
  // A bad value is refused with its Russian message, and nothing changes.
  await card.getByLabel('Раундов за один запуск, не больше').fill('5000');
  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(card.getByText('Раундов автоигры — целое число от 1 до 1000')).toBeVisible();
  await card.getByLabel('Раундов за один запуск, не больше').fill('100');
  await card.getByRole('group', { name: 'Быстрые игры' }).getByLabel('Автоигра разрешена').check();
  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Настройка сохранена — сайт уже читает новое значение')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('backoffice-autoplay-setting.png'), fullPage: true });
  await context.close();
}

test('autoplay is offered only where the operator allows it, and stops on the loss limit', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = consoleErrors(page);
  let frame = await playerInPlinko(page, 'frame-autoplay');

  // Off until the operator allows it: neither the button nor the settings' section is offered.
  await expect(frame.getByTestId('session-clock')).toBeVisible();
  await frame.getByRole('button', { name: 'Настройки игры' }).click();
  await expect(frame.getByRole('heading', { name: 'Настройки игры' })).toBeVisible();
  await expect(frame.getByRole('radio', { name: 'Турбо' })).toBeAttached();
  await expect(frame.getByRole('heading', { name: 'Автоигра' })).toBeHidden();
  await frame.getByRole('button', { name: 'Закрыть' }).first().click();
  await expect(frame.getByRole('button', { name: 'Автоигра', exact: true })).toBeHidden();

  await allowAutoplayForInstantGames(browser, testInfo);

  await page.reload();
  frame = page.frameLocator('iframe[title="Игра: Плинко"]');
  const balance = frame.getByTestId('balance');
  await expect(balance).toHaveText('1\u00a0000,00\u00a0₽');
  await frame.getByLabel('Ставка, ₽').fill('10');
  await frame.getByLabel('Ряды').selectOption('16');
  await frame.getByRole('radio', { name: 'Высокий' }).check();
  await frame.getByRole('button', { name: 'Автоигра', exact: true }).click();
  await expect(frame.getByRole('heading', { name: 'Автоигра' })).toBeVisible();
  await frame.getByRole('radio', { name: 'Турбо' }).check({ force: true });
  await frame.getByLabel('Раундов').selectOption('100');
  // No run without a loss limit.
  await frame.getByRole('button', { name: 'Запустить автоигру' }).click();
  await expect(frame.getByText('Укажите лимит проигрыша: без него автоигра не запускается')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-autoplay-desktop.png') });
  // A limit of 10,01 ₽ with 10 ₽ stakes: the run stops before any stake that could pass it.
  await frame.getByLabel('Стоп при проигрыше, ₽').fill('10,01');
  await frame.getByRole('button', { name: 'Запустить автоигру' }).click();
  await expect(frame.getByRole('heading', { name: 'Настройки игры' })).toBeHidden();
  await expect(frame.locator('#result')).toHaveText('Автоигра остановлена: достигнут лимит проигрыша', {
    timeout: 120_000,
  });
  await expect(frame.locator('#autoplay-count')).toHaveText(/^Автоигра: \d+ из 100$/);
  const after = kopecks((await balance.textContent()) ?? '');
  expect(after).toBeGreaterThanOrEqual(100_000 - 1_001);
  expect(after).toBeLessThan(100_000 + 1_000 * 1_000);
  // The count stays readable while the run is over; the button is offered again.
  await expect(frame.getByRole('button', { name: 'Автоигра', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
