import { expect, test, type Page } from '@playwright/test';
import { e2eConfig } from '../config.ts';
import { consoleErrors, expectFitsEveryWidth, playToken, ROUND_OUTCOME_CSS } from './frames.ts';

/**
 * Mines, plinko and crash as approved (issue 19): opened straight at the game server on play money,
 * each frame matches its approved image before a round (the board as drawn) and after one (the round's
 * chance masked, the frame around it compared), and no page is wider than its screen.
 */
const games = `http://127.0.0.1:${e2eConfig.gamesPort}`;

/** The frame after a round, as approved: the board, the sums and the round's words are chance, masked. */
async function expectAfterRound(page: Page, game: string) {
  await page.waitForTimeout(800);
  await expect(page).toHaveScreenshot(`${game}-after.png`, {
    maxDiffPixelRatio: 0.02,
    animations: 'disabled',
    mask: [page.locator('#canvas')],
    stylePath: ROUND_OUTCOME_CSS,
  });
}

test('mines: the board before and after a round, as approved', async ({ page }, info) => {
  const errors = consoleErrors(page);
  await page.goto(`${games}/play/mines?mode=demo&token=${playToken(info, 'look-mines')}`);
  await expect(page.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  const play = page.getByRole('button', { name: 'Играть' });
  await expect(play).toBeEnabled();
  await expect(page).toHaveScreenshot('mines-before.png', {
    maxDiffPixelRatio: 0.02,
    animations: 'disabled',
  });

  await page.getByLabel('Мины').selectOption('1');
  await play.click();
  await page.getByRole('button', { name: 'Клетка 13', exact: true }).click();
  // A gem (24 in 25) is cashed out; the mine (1 in 25) ends the round by itself, «Играть» back.
  const cashOut = page.getByRole('button', { name: /^Забрать/ });
  const opened = async () => {
    if ((await cashOut.count()) > 0 && (await cashOut.isEnabled())) return 'gem';
    return (await play.count()) > 0 && (await play.isEnabled()) ? 'mine' : 'waiting';
  };
  await expect.poll(opened, { timeout: 10_000 }).not.toBe('waiting');
  if ((await opened()) === 'gem') await cashOut.click();
  await expect(play).toBeEnabled({ timeout: 15_000 });
  await expectAfterRound(page, 'mines');
  await expectFitsEveryWidth(page);
  expect(errors).toEqual([]);
});

test('plinko: the board before and after a ball, as approved', async ({ page }, info) => {
  const errors = consoleErrors(page);
  await page.goto(`${games}/play/plinko?mode=demo&token=${playToken(info, 'look-plinko')}`);
  await expect(page.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  const drop = page.getByRole('button', { name: 'Бросить шар' });
  await expect(drop).toBeEnabled();
  await expect(page).toHaveScreenshot('plinko-before.png', {
    maxDiffPixelRatio: 0.02,
    animations: 'disabled',
  });

  await drop.click();
  await expect(page.locator('#result')).not.toBeEmpty({ timeout: 15_000 });
  await expectAfterRound(page, 'plinko');
  await expectFitsEveryWidth(page);
  expect(errors).toEqual([]);
});

/** Crash's parts that belong to the shared round of the moment: its curve, phase, history and players. */
const crashRoundParts = (page: Page) => [
  page.locator('#canvas'),
  page.getByTestId('phase'),
  page.getByTestId('multiplier'),
  page.locator('#history'),
  page.locator('#bets'),
  page.locator('#players'),
  page.locator('#play'),
  page.locator('#result'),
];

test('crash: the round’s frame before a bet and after the round, as approved', async ({ page }, info) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  await page.goto(`${games}/play/crash?mode=demo&token=${playToken(info, 'look-crash')}`);
  await expect(page.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  await expect(page.locator('canvas')).toBeVisible();
  // The shared round runs on its own: the frame is taken while bets are open (the controls look as a
  // player placing a bet sees them), its curve, phase, history and players masked.
  await expect(page.getByTestId('phase')).toHaveText(/Приём ставок: [3-9] с/, { timeout: 90_000 });
  await expect(page).toHaveScreenshot('crash.png', {
    maxDiffPixelRatio: 0.02,
    animations: 'disabled',
    mask: crashRoundParts(page),
  });

  // A bet of 10 ₽ with an automatic cash-out at ×1,01, then the round flown to its crash: the frame
  // after it, with the round's own figures (the balance among them) masked.
  await page.getByLabel('Автовывод, ×').fill('1,01');
  await page.getByRole('button', { name: 'Поставить', exact: true }).click();
  await expect(page.getByTestId('balance')).toHaveText('990,00\u00a0₽');
  await expect(page.getByTestId('phase')).toHaveText(/Улетела на ×[\d,]+/, { timeout: 150_000 });
  await expect(page.locator('#result')).toHaveText(/Вы забрали ×1,01|Ставка сгорела на ×1,00/);
  await expect(page).toHaveScreenshot('crash-after.png', {
    maxDiffPixelRatio: 0.02,
    animations: 'disabled',
    mask: crashRoundParts(page),
    stylePath: ROUND_OUTCOME_CSS,
  });
  await expectFitsEveryWidth(page);
  expect(errors).toEqual([]);
});
