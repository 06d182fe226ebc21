import { expect as baseExpect, test, type FrameLocator, type Page } from '@playwright/test';
import { consoleErrors, kopecks, ROUND_OUTCOME_CSS } from './frames.ts';

/** The cards are dealt and the die rolls before the controls come back: a slow machine waits longer. */
const expect = baseExpect.configure({ timeout: 20_000 });

async function openDemo(page: Page, slug: string, title: string) {
  await page.goto(`/game/kometa/${slug}?mode=demo`);
  const frame = page.frameLocator(`iframe[title="Игра: ${title}"]`);
  // The frame is named as the lobby names the game; inside the casino's page only the page shows the title.
  await expect(frame.locator('h1')).toHaveText(title);
  await expect(frame.locator('canvas')).toBeVisible();
  await expect(frame.getByTestId('balance')).not.toHaveText('—');
  return frame;
}

const balanceOf = async (frame: FrameLocator) =>
  kopecks((await frame.getByTestId('balance').textContent()) ?? '');

/** The frame on its own (the site's page around it is other tests' business), wide as its viewport. */
async function frameFits(page: Page) {
  const frame = page.frames().find((item) => item.url().includes('/play/'));
  expect(frame).toBeTruthy();
  const widths = await frame!.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

test('blackjack: a hand is dealt from the shoe, doubled or split, and settles by the server’s amount', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const frame = await openDemo(page, 'kometa-blackjack', 'Блэкджек');
  await expect(frame.getByRole('button', { name: 'Разделить' })).toBeDisabled();
  const deal = frame.getByRole('button', { name: 'Раздать' });
  const double = frame.getByRole('button', { name: 'Удвоить', exact: true });
  const split = frame.getByRole('button', { name: 'Разделить' });
  const stand = frame.getByRole('button', { name: 'Хватит' });
  await frame.getByLabel('Ставка, ₽').fill('10');

  // Deal until a hand is open (a blackjack on either side settles at the deal).
  let before = 0;
  for (let round = 0; round < 8; round++) {
    before = await balanceOf(frame);
    await deal.click();
    await expect(frame.locator('#dealer')).toContainText('Дилер:');
    await expect.poll(async () => (await deal.isEnabled()) || (await stand.isEnabled())).toBe(true);
    if (await stand.isEnabled()) break;
  }
  await expect(stand).toBeEnabled();
  // The stake left the balance at the deal; the dealer shows one card, its hole card face down.
  expect(await balanceOf(frame)).toBe(before - 1_000);
  await expect(frame.locator('#dealer')).toHaveText(/^Дилер: (A|\d+|J|Q|K)[♠♥♦♣] \(/);
  await expect(frame.locator('#hands')).toHaveText(/Рука 1: \S+ \S+ \((мягкие \d+|\d+)\)/);

  // A pair is split, anything else doubled; each split hand is doubled when it may be, else stands.
  let stakes = 1;
  if (await split.isEnabled()) {
    await split.click();
    stakes++;
    await expect(frame.locator('#hands')).toContainText('Рука 2');
  } else {
    await double.click();
    stakes++;
  }
  for (let step = 0; step < 4 && !(await deal.isEnabled()); step++) {
    await expect.poll(async () => (await deal.isEnabled()) || (await stand.isEnabled())).toBe(true);
    if (await deal.isEnabled()) break;
    if (await double.isEnabled()) {
      await double.click();
      stakes++;
    } else await stand.click();
  }
  const result = frame.locator('#result');
  await expect(result).toHaveText(/^(Выигрыш|Ничья): [\d\s\u00a0,]+₽$|^Проигрыш$/, { timeout: 15_000 });
  const won = /: ([\d\s\u00a0,]+₽)/.exec((await result.textContent()) ?? '');
  const win = won ? kopecks(won[1]!) : 0;
  // The balance is the server's: every stake of the round taken, what it returned paid.
  await expect.poll(() => balanceOf(frame)).toBe(before - stakes * 1_000 + win);
  // Every hand says how it ended.
  await expect(frame.locator('#hands')).toHaveText(/— (Блэкджек|Выигрыш|Ничья|Проигрыш)/);
  await expect(deal).toBeEnabled();
  await frameFits(page);
  expect(errors).toEqual([]);
});

test('dice: the slider and the chance move together, the roll settles by the server’s amount', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const frame = await openDemo(page, 'kometa-dice', 'Кости');
  const chance = frame.getByLabel('Шанс выигрыша, %');
  const target = frame.getByRole('slider', { name: 'Граница' });
  await expect(frame.locator('#multiplier')).toHaveText('×1,98');
  await chance.fill('95');
  await chance.press('Tab');
  // «Больше» with 95 %: a roll of 5,00 or more wins, 99/95 = ×1,0421.
  await expect(target).toHaveValue('5');
  await expect(frame.locator('#multiplier')).toHaveText('×1,0421');
  await frame.getByRole('radio', { name: 'Меньше' }).check();
  await expect(target).toHaveValue('95');
  // The slider moved by the keyboard sets the chance: «Меньше» 94.
  await target.focus();
  await target.press('ArrowLeft');
  await expect(chance).toHaveValue('94');
  await expect(frame.locator('#multiplier')).toHaveText('×1,0531');

  await frame.getByLabel('Ставка, ₽').fill('10');
  const before = await balanceOf(frame);
  await frame.getByRole('button', { name: 'Бросить' }).click();
  const result = frame.locator('#result');
  await expect(result).toHaveText(/^Выпало \d{1,2},\d\d\. (Выигрыш: [\d\s\u00a0,]+₽|Проигрыш)$/);
  const text = (await result.textContent()) ?? '';
  const roll = Number(/Выпало ([\d,]+)/.exec(text)![1]!.replace(',', '.'));
  // The result agrees with the rule on the slider: below 94,00 wins.
  expect(text.includes('Выигрыш')).toBe(roll < 94);
  const win = text.includes('Выигрыш') ? kopecks(/Выигрыш: (.+)$/.exec(text)![1]!) : 0;
  if (win > 0) expect(win).toBe(Math.floor((1_000 * 99) / 94));
  await expect.poll(() => balanceOf(frame)).toBe(before - 1_000 + win);
  await frameFits(page);
  expect(errors).toEqual([]);
});

test.describe('how blackjack and dice look', () => {
  for (const [slug, title, name] of [
    ['kometa-blackjack', 'Блэкджек', 'blackjack'],
    ['kometa-dice', 'Кости', 'dice'],
  ] as const) {
    test(`${name} before and after a round, and at every width`, async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      // The site's cookie notice, closed as a returning player has it, is not part of the game.
      await page.context().addCookies([{ name: 'kometa_cookie_notice', value: '0', url: baseURL! }]);
      const errors = consoleErrors(page);
      const frame = await openDemo(page, slug, title);
      const iframe = page.locator(`iframe[title="Игра: ${title}"]`);
      await page.waitForTimeout(600);
      await expect(iframe).toHaveScreenshot(`${name}-before.png`, {
        maxDiffPixelRatio: 0.02,
        animations: 'disabled',
        mask: [frame.getByTestId('balance')],
      });
      const main = frame.getByRole('button', { name: name === 'dice' ? 'Бросить' : 'Раздать' });
      await main.click();
      await expect(frame.locator('#result'))
        .not.toBeEmpty({ timeout: 15_000 })
        .catch(() => undefined);
      if (name === 'blackjack') {
        const stand = frame.getByRole('button', { name: 'Хватит' });
        await expect.poll(async () => (await main.isEnabled()) || (await stand.isEnabled())).toBe(true);
        if (await stand.isEnabled()) await stand.click();
      }
      await expect(main).toBeEnabled({ timeout: 15_000 });
      await page.waitForTimeout(1_200);
      // The round's cards and roll are chance: the board is masked, the frame around it is compared.
      await expect(iframe).toHaveScreenshot(`${name}-after.png`, {
        maxDiffPixelRatio: 0.02,
        animations: 'disabled',
        mask: [frame.locator('#stage')],
        stylePath: ROUND_OUTCOME_CSS,
      });
      for (const width of [320, 390, 768, 1440]) {
        await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
        await page.waitForTimeout(300);
        await frameFits(page);
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth, `the page at ${width} px`).toBeLessThanOrEqual(width);
      }
      expect(errors).toEqual([]);
    });
  }
});
