import { expect, test, type Page } from '@playwright/test';
import { consoleErrors, expectFitsEveryWidth, playToken, ROUND_OUTCOME_CSS } from './frames.ts';
import { e2eConfig } from '../config.ts';

/**
 * The demo studio's games (ADR 050, 052) are the engines' own clients on the renderer, dressed as the
 * lobby's game: its title on the board, its theme's scene behind, a slot's reels drawn with the
 * theme's symbols. Each is opened at the game server on play money, matches its approved image before
 * a round, plays one, and matches again after it (the round's own outcome masked).
 */
const games = `http://127.0.0.1:${e2eConfig.gamesPort}`;

const STUDIO_GAMES = [
  { code: 'classic-slot:fire-dragon', title: 'Огненный дракон', main: 'Крутить' },
  { code: 'video-slot:star-rocket', title: 'Звёздная ракета', main: 'Крутить' },
  { code: 'roulette:golden-pharaoh', title: 'Золотой фараон', main: 'Крутить' },
  { code: 'dice:lucky-tiger', title: 'Счастливый тигр', main: 'Бросить' },
] as const;

/**
 * The round's own parts: the board where the outcome lands and the balance are masked; the words and
 * sums, whose size follows the outcome, are hidden (round-outcome.css).
 */
const roundParts = (page: Page) => [page.locator('header.bar'), page.locator('#canvas')];

for (const game of STUDIO_GAMES) {
  test(`${game.title} (${game.code}): the studio game on the renderer, before and after a round`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const errors = consoleErrors(page);
    const engine = game.code.split(':')[0]!;
    await page.goto(
      `${games}/studio/${encodeURIComponent(game.code)}/play?mode=demo&token=${playToken(info, `studio-${engine}`)}`,
    );
    // The lobby's title, on the page and on the board; the theme's scene behind the game.
    await expect(page.getByRole('heading', { name: game.title })).toBeVisible();
    await expect(page.locator('.backdrop svg')).toHaveCount(1);
    await expect(page.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
    const main = page.getByRole('button', { name: game.main, exact: true });
    if (engine === 'roulette') {
      await page.getByRole('radio', { name: 'Фишка 10,00\u00a0₽' }).check();
      await page.getByRole('button', { name: '17', exact: true }).click();
      await expect(page.locator('#total')).toHaveText('10,00\u00a0₽');
    }
    await expect(main).toBeEnabled();
    await expect(page).toHaveScreenshot(`studio-${engine}-before.png`, {
      maxDiffPixelRatio: 0.02,
      mask: [page.getByTestId('balance')],
    });

    await main.click();
    // The round is the studio game's own, under its code: the stake is taken from play money.
    await expect(page.locator('#result')).toHaveText(/Выигрыш|Проигрыш/, { timeout: 60_000 });
    await expect(main).toBeEnabled({ timeout: 30_000 });
    const won = (await page.locator('#result').textContent())!.includes('Выигрыш');
    if (!won) await expect(page.getByTestId('balance')).toHaveText('990,00\u00a0₽');
    await expect(page).toHaveScreenshot(`studio-${engine}-after.png`, {
      maxDiffPixelRatio: 0.02,
      mask: roundParts(page),
      stylePath: ROUND_OUTCOME_CSS,
    });

    await expectFitsEveryWidth(page, `studio-${engine}`);
    expect(errors).toEqual([]);
  });
}
