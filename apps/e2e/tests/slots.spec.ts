import { expect, test } from '@playwright/test';
import { consoleErrors, expectFitsEveryWidth, playToken, ROUND_OUTCOME_CSS } from './frames.ts';
import { e2eConfig } from '../config.ts';

/**
 * The slots on the renderer (ADR 047), opened straight at the game server on play money: the reels
 * drawn before a spin match the approved image, a spin lands and says its result, the frame around it
 * matches after the round too, no page is wider than its screen, and nothing is logged as an error.
 */
const games = `http://127.0.0.1:${e2eConfig.gamesPort}`;

const SLOTS = [
  { code: 'classic-slot', title: 'Классика 3×3', stake: 'Ставка на 5 линий, ₽' },
  { code: 'video-slot', title: 'Звёздные барабаны', stake: 'Ставка на 10 линий, ₽' },
] as const;

for (const slot of SLOTS) {
  test(`${slot.title}: the reels before and after a spin, as approved`, async ({ page }, info) => {
    test.setTimeout(120_000);
    const errors = consoleErrors(page);
    // A play-money player of its own per run and project: a fresh balance of 1 000,00 ₽.
    await page.goto(`${games}/play/${slot.code}?mode=demo&token=${playToken(info, `visual-${slot.code}`)}`);
    await expect(page.getByRole('heading', { name: slot.title })).toBeVisible();
    await expect(page.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
    await expect(page.getByLabel(slot.stake)).toHaveValue('10,00');
    const spin = page.getByRole('button', { name: 'Крутить' });
    await expect(spin).toBeEnabled();
    await expect(page).toHaveScreenshot(`${slot.code}-before.png`, { maxDiffPixelRatio: 0.02 });

    await spin.click();
    await expect(spin).toBeDisabled();
    await expect(page.locator('#result')).toHaveText(/Выигрыш|Проигрыш/, { timeout: 60_000 });
    await expect(spin).toBeEnabled();
    // The balance is the server's: the stake taken, the win (if any) added.
    const win = (await page.locator('#result').textContent())!.includes('Выигрыш');
    if (!win) await expect(page.getByTestId('balance')).toHaveText('990,00\u00a0₽');
    // The outcome is the round's own (random): the reels and the sums are masked, the frame is compared.
    await expect(page).toHaveScreenshot(`${slot.code}-after.png`, {
      maxDiffPixelRatio: 0.02,
      // The header's balance (and so the room left for the title) changes with the round.
      mask: [page.locator('header.bar'), page.locator('#canvas')],
      stylePath: ROUND_OUTCOME_CSS,
    });

    // The paytable draws every symbol with the reels' art.
    await page.getByRole('button', { name: 'Выплаты', exact: true }).click();
    const table = page.getByRole('dialog', { name: 'Таблица выплат' });
    await expect(table.locator('canvas[role="img"]')).toHaveCount(slot.code === 'classic-slot' ? 5 : 8);
    await table.getByRole('button', { name: 'Закрыть' }).click();

    await expectFitsEveryWidth(page, slot.code);
    expect(errors).toEqual([]);
  });
}

test('the space bar spins the classic slot and the fairness panel checks the round in the browser', async ({
  page,
}, info) => {
  await page.goto(`${games}/play/classic-slot?mode=demo&token=${playToken(info, 'fair')}`);
  await expect(page.getByRole('button', { name: 'Крутить' })).toBeEnabled();
  await page.keyboard.press('Space');
  await expect(page.locator('#result')).toHaveText(/Выигрыш|Проигрыш/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Честная игра' }).click();
  await page.getByRole('button', { name: 'Сменить сид и раскрыть текущий' }).click();
  await expect(page.locator('#last-round')).toContainText('Проверено в браузере: исход совпадает с раундом');
});

test('autoplay spins the classic slot where the launch allows it, ten rounds, and the stake stays locked meanwhile', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  // Without the casino's allowance the frame offers no autoplay.
  await page.goto(`${games}/play/classic-slot?mode=demo&token=${playToken(info, 'auto-off')}`);
  await expect(page.getByRole('button', { name: 'Крутить' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Автоигра', exact: true })).toBeHidden();

  // A play-money launch that allows ten rounds (as the casino's launch address carries it).
  await page.goto(`${games}/play/classic-slot?mode=demo&token=${playToken(info, 'auto-on')}&autoplay=10`);
  const balance = page.getByTestId('balance');
  await expect(balance).toHaveText('1\u00a0000,00\u00a0₽');
  await page.getByRole('button', { name: 'Автоигра', exact: true }).click();
  await expect(page.getByLabel('Раундов')).toHaveValue('10');
  // The classic slot has no free spins of its own: no stop on them is offered.
  await expect(page.getByLabel('Стоп при выпадении фриспинов')).toBeHidden();
  await page.getByLabel('Стоп при проигрыше, ₽').fill('500');
  await page.getByRole('button', { name: 'Запустить автоигру' }).click();
  await expect(page.locator('#autoplay-count')).toHaveText(/^Автоигра: \d+ из 10$/);
  await expect(page.getByLabel('Ставка на 5 линий, ₽')).toBeDisabled();
  await expect(page.locator('#result')).toHaveText('Автоигра завершена', { timeout: 90_000 });
  await expect(page.locator('#autoplay-count')).toHaveText('Автоигра: 10 из 10');
  await expect(page.getByLabel('Ставка на 5 линий, ₽')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Крутить' })).toBeEnabled();
  expect(errors).toEqual([]);
});
