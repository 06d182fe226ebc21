import { expect, test } from '@playwright/test';
import { consoleErrors, kopecks, ROUND_OUTCOME_CSS } from './frames.ts';

/** The three bets placed with 1 ₽ chips, and what each returns when its numbers come up (stake included). */
const BETS = [
  { name: '17', numbers: [17], returns: 3_600 },
  { name: 'Сплит 17 и 20', numbers: [17, 20], returns: 1_800 },
  { name: 'Угол 17, 18, 20, 21', numbers: [17, 18, 20, 21], returns: 900 },
];

test('a guest places a straight, a split and a corner; the wheel lands and the balance moves by the settled win', async ({
  page,
  baseURL,
}) => {
  const errors = consoleErrors(page);
  // A returning visitor: the cookie notice was answered before (it would lie over the screenshots).
  await page.context().addCookies([{ name: 'kometa_cookie_notice', value: '0', url: baseURL! }]);
  await page.goto('/game/kometa/kometa-roulette?mode=demo');
  const iframe = page.locator('iframe[title="Игра: Европейская рулетка"]');
  await expect(iframe).toHaveAttribute('src', /\/play\/roulette\?.*mode=demo/);
  const frame = page.frameLocator('iframe[title="Игра: Европейская рулетка"]');
  await expect(frame.locator('canvas')).toBeVisible();
  const balance = frame.getByTestId('balance');
  await expect(balance).not.toHaveText('—', { timeout: 20_000 });
  const before = kopecks((await balance.textContent()) ?? '');

  await frame.getByRole('radio', { name: 'Фишка 1,00\u00a0₽' }).check();
  for (const bet of BETS) await frame.getByRole('button', { name: bet.name, exact: true }).click();
  await expect(frame.locator('#total')).toHaveText('3,00\u00a0₽');
  // Undo takes the last chip back; the corner is placed again.
  await frame.getByRole('button', { name: 'Отменить' }).click();
  await expect(frame.locator('#total')).toHaveText('2,00\u00a0₽');
  await frame.getByRole('button', { name: BETS[2]!.name, exact: true }).click();
  await expect(frame.locator('#total')).toHaveText('3,00\u00a0₽');

  const mask = [balance, frame.locator('#result')];
  await expect(page).toHaveScreenshot('roulette-before.png', { mask, maxDiffPixelRatio: 0.01 });

  await frame.getByRole('button', { name: 'Крутить' }).click();
  // While the wheel turns the table takes no bet: a lock lies over its spots until the ball lands.
  await expect(frame.locator('#spots-lock')).toBeVisible();
  const result = frame.locator('#result');
  await expect(result).toHaveText(/^Выпало \d+, (красное|чёрное|зеро)\. (Выигрыш|Проигрыш)/, {
    timeout: 20_000,
  });
  const pocket = Number(/^Выпало (\d+)/.exec((await result.textContent()) ?? '')![1]);
  const win = BETS.filter((bet) => bet.numbers.includes(pocket)).reduce((sum, bet) => sum + bet.returns, 0);
  if (win > 0) await expect(result).toContainText(`Выигрыш: ${(win / 100).toFixed(2).replace('.', ',')}`);
  else await expect(result).toContainText('Проигрыш');
  await expect.poll(async () => kopecks((await balance.textContent()) ?? '')).toBe(before - 300 + win);
  // The last numbers begin with the one that came up; the bets stay on the table for the next spin.
  await expect(frame.locator('#last li').first()).toHaveText(new RegExp(`^${pocket} `));
  await expect(frame.locator('#total')).toHaveText('3,00\u00a0₽');
  await expect(frame.locator('#spots-lock')).toBeHidden();
  // Where the ball lands is the round's own: the wheel's turn and the pocket lit on the table are
  // masked, the outcome's words and sums hidden; the table, its chips and the controls are compared.
  // A won round rings its chips and writes their win over them (a different picture per pocket), so
  // the chips are masked in every round, the same area whatever came up (a mask only for a won round
  // made a won round's picture differ from the approved one by the mask itself); what the chips say
  // is checked by the result's words and the balance.
  await page.frame({ url: /\/play\/roulette/ })!.evaluate(
    (names) => {
      const cover = (id: string, left: number, top: number, right: number, bottom: number) => {
        const div = Object.assign(document.createElement('div'), { id });
        Object.assign(div.style, {
          position: 'fixed',
          left: `${left}px`,
          top: `${top}px`,
          width: `${right - left}px`,
          height: `${bottom - top}px`,
          pointerEvents: 'none',
        });
        document.body.append(div);
      };
      const canvas = document.getElementById('canvas')!.getBoundingClientRect();
      const spots = [...document.querySelectorAll('#spots button')].map((b) => b.getBoundingClientRect().top);
      cover('e2e-wheel', canvas.left, canvas.top, canvas.right, Math.min(...spots));
      // A chip is at most 22 px across its middle; its ring and its win above it reach a little further.
      const placed = [...document.querySelectorAll('#spots button')]
        .filter((b) => names.includes(b.getAttribute('aria-label') ?? ''))
        .map((b) => b.getBoundingClientRect());
      cover(
        'e2e-chips',
        Math.min(...placed.map((r) => r.left + r.width / 2)) - 32,
        Math.min(...placed.map((r) => r.top + r.height / 2)) - 50,
        Math.max(...placed.map((r) => r.left + r.width / 2)) + 32,
        Math.max(...placed.map((r) => r.top + r.height / 2)) + 32,
      );
    },
    BETS.map((bet) => bet.name),
  );
  const landed = [
    frame.locator('#e2e-wheel'),
    frame.locator('#e2e-chips'),
    frame.getByRole('button', { name: String(pocket), exact: true }),
  ];
  await expect(page).toHaveScreenshot('roulette-after.png', {
    mask: landed,
    maxDiffPixelRatio: 0.03,
    stylePath: ROUND_OUTCOME_CSS,
  });
  await page
    .frame({ url: /\/play\/roulette/ })!
    .evaluate(() => document.querySelectorAll('[id^="e2e-"]').forEach((cover) => cover.remove()));

  // Double, then clear: the stake on the table follows.
  await frame.getByRole('button', { name: 'Удвоить' }).click();
  await expect(frame.locator('#total')).toHaveText('6,00\u00a0₽');
  await frame.getByRole('button', { name: 'Очистить' }).click();
  await expect(frame.locator('#total')).toHaveText('0,00\u00a0₽');
  await frame.getByRole('button', { name: 'Повторить' }).click();
  await expect(frame.locator('#total')).toHaveText('3,00\u00a0₽');
  expect(errors).toEqual([]);
});

test('no roulette page is wider than its screen, from 320 to 1440 px', async ({ page }) => {
  for (const width of [320, 390, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/game/kometa/kometa-roulette?mode=demo');
    const frame = page.frameLocator('iframe[title="Игра: Европейская рулетка"]');
    await expect(frame.getByTestId('balance')).not.toHaveText('—', { timeout: 20_000 });
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wider, `${width} px`).toBeLessThanOrEqual(0);
    const inner = await page
      .frame({ url: /\/play\/roulette/ })!
      .evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(inner, `the frame at ${width} px`).toBeLessThanOrEqual(0);
  }
});
