import { expect, test, type FrameLocator } from '@playwright/test';
import { consoleErrors, depositedPlayer, kopecks } from './frames.ts';

const balanceOf = async (frame: FrameLocator) =>
  kopecks((await frame.getByTestId('balance').textContent()) ?? '');

/** Waits for the betting phase and bets 10 ₽ (with an automatic cash-out at `auto`, written "1,50"). */
async function bet(frame: FrameLocator, auto = '') {
  await frame.getByLabel('Ставка, ₽').fill('10');
  await frame.getByLabel('Автовывод, ×').fill(auto);
  const place = frame.getByRole('button', { name: 'Поставить', exact: true });
  // Bets open between rounds: a player who arrives mid-flight waits for it to end (a long flight, ×50 and
  // more, takes over a minute).
  await expect(place).toBeEnabled({ timeout: 120_000 });
  const before = await balanceOf(frame);
  await place.click();
  await expect.poll(() => balanceOf(frame)).toBe(before - 1_000);
  await expect(frame.getByTestId('bets')).toContainText('10,00\u00a0₽');
  return before;
}

test('a guest plays a crash round on play money: the flight, a cash-out by hand, the chain checked', async ({
  page,
}) => {
  test.setTimeout(330_000);
  const errors = consoleErrors(page);
  await page.goto('/game/kometa/kometa-crash');
  const frame = page.frameLocator('iframe[title="Игра: Краш"]');
  await expect(frame.locator('canvas')).toBeVisible();
  await expect(frame.getByTestId('balance')).not.toHaveText('—');
  const before = await bet(frame);
  // The flight: the button turns into the cash-out, and is pressed at once; a round that crashes at
  // once (×1,10 and lower flies for a moment) may end before it shows.
  const cashOut = frame.getByRole('button', { name: /^Забрать/ });
  const result = frame.locator('#result');
  await expect(cashOut.or(result.filter({ hasText: /Ставка сгорела/ }))).toBeVisible({ timeout: 20_000 });
  if (await cashOut.isVisible()) await cashOut.click({ timeout: 2_000 }).catch(() => undefined);
  // Cashed out, or too late: the rocket may leave before the click arrives (×1,04 and lower is a
  // round in twenty), told by the server's refusal or by the crash itself, whichever comes first.
  await expect(result).toHaveText(/Вы забрали ×[\d,]+|Не успели|Ставка сгорела на ×[\d,]+/, {
    timeout: 20_000,
  });
  const text = (await result.textContent()) ?? '';
  if (text.startsWith('Вы забрали')) {
    const multiplier = Number(/×([\d,]+)/.exec(text)![1]!.replace(',', '.'));
    await expect
      .poll(() => balanceOf(frame))
      .toBe(before - 1_000 + Math.floor(Math.round(multiplier * 100) * 10));
  }
  // After the crash the round's hash shows and the browser checks it against the terminal hash.
  await expect(frame.getByTestId('phase')).toHaveText(/Улетела на ×[\d,]+/, { timeout: 150_000 });
  await frame.getByRole('button', { name: 'Честная игра' }).click();
  await expect(frame.getByTestId('chain-check')).toHaveText(/сходится с опубликованным конечным хешем/, {
    timeout: 20_000,
  });
  expect(errors).toEqual([]);
});

test('a player bets real money with an automatic cash-out at ×1,01; the casino balance moves by the settled amount', async ({
  page,
}) => {
  test.setTimeout(330_000);
  const errors = consoleErrors(page);
  await depositedPlayer(page, 'crash');

  await page.goto('/game/kometa/kometa-crash');
  await expect(page.locator('iframe[title="Игра: Краш"]')).toHaveAttribute('src', /mode=real/);
  const frame = page.frameLocator('iframe[title="Игра: Краш"]');
  await expect(frame.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  await bet(frame, '1,01');
  await expect(frame.getByTestId('phase')).toHaveText(/Улетела на ×([\d,]+)/, { timeout: 150_000 });
  const point = Number(
    /×([\d,]+)/.exec((await frame.getByTestId('phase').textContent()) ?? '')![1]!.replace(',', '.'),
  );
  // ×1,01 is reached unless the round crashed at ×1,00: 10 ₽ → 10,10 ₽.
  const expected = 100_000 - 1_000 + (point >= 1.01 ? 1_010 : 0);
  await expect.poll(() => balanceOf(frame), { timeout: 10_000 }).toBe(expected);
  await page.goto('/');
  await expect
    .poll(async () => kopecks((await page.getByTestId('balance').first().textContent()) ?? ''))
    .toBe(expected);
  expect(errors).toEqual([]);
});
