import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator } from '@playwright/test';
import { consoleErrors, depositedPlayer, kopecks } from './frames.ts';

/**
 * One mines round with one mine: the stake, the centre tile, then the cash-out if it was a gem; checks
 * that the frame's balance moved by exactly what the round settled.
 */
async function playMines(frame: FrameLocator) {
  const balance = frame.getByTestId('balance');
  await expect(balance).not.toHaveText('—');
  const before = kopecks((await balance.textContent()) ?? '');
  await frame.getByLabel('Ставка, ₽').fill('10');
  await frame.getByLabel('Мины').selectOption('1');
  await frame.getByRole('button', { name: 'Играть' }).click();
  await expect(balance).toHaveText(/\d/);
  await expect.poll(async () => kopecks((await balance.textContent()) ?? '')).toBe(before - 1_000);
  await frame.getByRole('button', { name: 'Клетка 13', exact: true }).click();
  const result = frame.locator('#result');
  // One gem with one mine: 0.99 × 25/24 of 10 ₽ = 10,31 ₽ (rounded down); or the mine (1 in 25).
  const cashOut = frame.getByRole('button', { name: 'Забрать 10,31\u00a0₽' });
  const opened = async () => {
    if ((await result.textContent())?.includes('Мина')) return 'mine';
    return (await cashOut.count()) > 0 && (await cashOut.isEnabled()) ? 'gem' : 'waiting';
  };
  await expect.poll(opened, { timeout: 10_000 }).not.toBe('waiting');
  if ((await opened()) === 'mine') {
    expect(kopecks((await balance.textContent()) ?? '')).toBe(before - 1_000);
    return;
  }
  await cashOut.click();
  await expect(result).toHaveText('Выигрыш забран: 10,31\u00a0₽');
  await expect.poll(async () => kopecks((await balance.textContent()) ?? '')).toBe(before - 1_000 + 1_031);
  await expect(frame.getByRole('button', { name: 'Играть' })).toBeEnabled();
}

test('a guest opens mines from the lobby and plays a round on play money', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/');
  await page.getByRole('link', { name: /Мины/ }).first().click();
  await expect(page).toHaveURL(/\/game\/kometa\/kometa-mines/);
  const iframe = page.locator('iframe[title="Игра: Мины"]');
  await expect(iframe).toHaveAttribute('src', /\/play\/mines\?.*mode=demo/);
  const frame = page.frameLocator('iframe[title="Игра: Мины"]');
  // One title on the page: the site's (the frame's own stays out of sight inside the casino's page).
  await expect(frame.locator('h1')).toHaveText('Мины');
  await expect(frame.getByRole('heading', { level: 1 })).toBeHidden();
  await expect(frame.locator('canvas')).toBeVisible();
  await playMines(frame);
  expect(errors).toEqual([]);
});

test('a frame asks for its session and open round once, with its page, and for its sounds once its board is up', async ({
  page,
}) => {
  // The frame's own calls, as the network saw them (the site's calls are under /api/v18/).
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/session' || pathname === '/api/mines/round') asked.push(pathname);
  });
  await page.goto('/game/kometa/kometa-mines');
  const frame = page.frameLocator('iframe[title="Игра: Мины"]');
  await expect(frame.getByRole('button', { name: 'Играть' })).toBeEnabled();
  const mines = page.frames().find((candidate) => candidate.url().includes('/play/mines'))!;
  // The frame's timings, read over DevTools (its CSP allows no script of the test's own).
  const timings = () =>
    mines.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const starts = (part: string) =>
        entries.filter((entry) => entry.name.includes(part)).map((entry) => entry.startTime);
      return {
        playable: performance.getEntriesByName('kometa:playable')[0]?.startTime ?? null,
        session: starts('/api/session'),
        script: starts('/clients/mines-'),
        sounds: starts('.wav'),
      };
    });
  await expect.poll(async () => (await timings()).sounds.length).toBe(4);
  const seen = await timings();
  // Asked once each: the page's preload answered the client's own call.
  expect(asked.sort()).toEqual(['/api/mines/round', '/api/session']);
  // The session was asked for as the page arrived, not after the client's script had run.
  expect(seen.session[0]).toBeLessThanOrEqual(seen.script[0]!);
  // The sounds waited for the first playable frame.
  expect(seen.playable).not.toBeNull();
  for (const start of seen.sounds) expect(start).toBeGreaterThanOrEqual(seen.playable!);
});

test('a player deposits, plays mines and plinko for money; each balance moves by the settled amount', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  await depositedPlayer(page, 'originals');

  await page.goto('/game/kometa/kometa-mines');
  await expect(page.locator('iframe[title="Игра: Мины"]')).toHaveAttribute('src', /mode=real/);
  const mines = page.frameLocator('iframe[title="Игра: Мины"]');
  await expect(mines.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  await playMines(mines);
  // The fairness panel shows the round's commitment and checks the round once the seed is revealed.
  await mines.getByRole('button', { name: 'Честная игра' }).click();
  await expect(mines.locator('#commitment')).toHaveText(/^[0-9a-f]{64}$/);
  await mines.getByRole('button', { name: 'Сменить сид и раскрыть текущий' }).click();
  await expect(mines.locator('#last-round')).toContainText('Проверено в браузере: исход совпадает с раундом');
  await mines.getByRole('button', { name: 'Закрыть' }).click();
  const afterMines = kopecks((await mines.getByTestId('balance').textContent()) ?? '');

  await page.goto('/game/kometa/kometa-plinko');
  const plinko = page.frameLocator('iframe[title="Игра: Плинко"]');
  const balance = plinko.getByTestId('balance');
  await expect.poll(async () => kopecks((await balance.textContent()) ?? '')).toBe(afterMines);
  await plinko.getByLabel('Ставка, ₽').fill('10');
  await plinko.getByLabel('Ряды').selectOption('8');
  await plinko.getByRole('radio', { name: 'Высокий' }).check();
  await plinko.getByRole('button', { name: 'Бросить шар' }).click();
  const result = plinko.locator('#result');
  await expect(result).toHaveText(/Шар в лунке ×[\d,]+: /, { timeout: 10_000 });
  const won = /Вы выиграли ([\d\s\u00a0,]+₽)/.exec((await result.textContent()) ?? '');
  const win = won ? kopecks(won[1]!) : 0;
  await expect.poll(async () => kopecks((await balance.textContent()) ?? '')).toBe(afterMines - 1_000 + win);
  // The casino's balance is the same, to the kopeck.
  await page.goto('/');
  await expect
    .poll(async () => kopecks((await page.getByTestId('balance').first().textContent()) ?? ''))
    .toBe(afterMines - 1_000 + win);
  expect(errors).toEqual([]);
});

test('the originals’ pages, frames included, have no serious or critical accessibility violations', async ({
  page,
}) => {
  for (const [slug, title] of [
    ['kometa-mines', 'Мины'],
    ['kometa-plinko', 'Плинко'],
  ]) {
    await page.goto(`/game/kometa/${slug}`);
    await expect(page.frameLocator(`iframe[title="Игра: ${title}"]`).locator('canvas')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${slug}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
    ).toEqual([]);
  }
});
