import { expect, test, type Page } from '@playwright/test';
import { linkFromMailbox, registerInModal, uniqueEmail, rollDice } from './players.ts';

/** What a cover image the lobby shows actually is: its address and the SVG it is drawn from. */
async function coverOf(page: Page, card: ReturnType<Page['locator']>) {
  const image = card.locator('img');
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveJSProperty('complete', true);
  const loaded = await image.evaluate((img: HTMLImageElement) => ({
    src: img.currentSrc,
    width: img.naturalWidth,
    /** The device pixels the tile covers: the WebP chosen should have them (up to the largest, 480). */
    needed: Math.floor(img.clientWidth * window.devicePixelRatio),
  }));
  const svg = await (await page.request.get((await image.getAttribute('src'))!)).text();
  return { ...loaded, svg };
}

test('a guest sees drawn, themed covers at the lobby’s sizes, studio logos, and the verification badge explained', async ({
  page,
}) => {
  await page.goto('/games');
  const cards = page.locator('.game-card');
  await expect(cards.first()).toBeVisible();
  // The demo studio's games (after Kometa's eight): each cover a theme's scene with the game's own title,
  // served as WebP at the width the tile needs — never the old gradient placeholder.
  for (const index of [8, 9, 10, 11]) {
    const card = cards.nth(index);
    const title = (await card.locator('.game-card-title').textContent())!;
    const cover = await coverOf(page, card);
    expect(cover.src).toMatch(/\.webp\?w=(240|480)$/);
    expect(cover.width).toBeGreaterThan(0);
    const chosen = Number(/w=(\d+)$/.exec(cover.src)![1]);
    expect(chosen).toBeGreaterThanOrEqual(Math.min(480, cover.needed));
    expect(cover.svg).toMatch(/id="(dragons|vikings|fruit|egypt|space|asia|pirates|jewels)-sky"/);
    expect(cover.svg).toContain(`aria-label="${title}"`);
    expect(cover.svg).not.toContain('<linearGradient id="g"');
  }

  // A game that needs verification for real money says so on its tile, and its page explains it (the
  // first such game a phone is shown is further down the lobby: six pages cover both).
  await page.goto('/games?page=6');
  const verified = cards.filter({ has: page.getByTestId('verified-only') }).first();
  await expect(verified.getByTestId('verified-only')).toHaveText('С верификацией');
  const title = (await verified.locator('.game-card-title').textContent())!;
  await verified.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('verified-only-note')).toContainText(
    'На деньги в эту игру можно играть после проверки документов',
  );
  await expect(page.getByTestId('verified-only-note').getByRole('link')).toHaveAttribute(
    'href',
    '/verification-info',
  );
  // Inside, the game carries the lobby's name (the frame's own title is the same).
  await expect(page.locator('iframe.game-frame')).toHaveAttribute('title', `Игра: ${title}`);
  const frame = page.frameLocator('iframe.game-frame');
  await expect(frame.locator('head > title')).toHaveJSProperty('textContent', title);
  await expect(frame.locator('.backdrop svg')).toHaveCount(1);

  // The studios' logos, drawn, on the studios page and on a studio's own page.
  await page.goto('/games/developer');
  const logos = page.locator('img.developer-logo');
  await expect(logos).toHaveCount(7);
  for (const logo of await logos.all()) {
    await expect(logo).toHaveJSProperty('complete', true);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  }
  await page.getByRole('link', { name: /Neon Fox/ }).click();
  await expect(page.getByRole('heading', { level: 2 }).getByRole('img', { name: 'Neon Fox' })).toBeVisible();
});

test('the lobby’s live feed shows a player’s win without a reload, the name masked and the sum in roubles', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // A guest keeps the lobby open in one tab…
  const lobby = await context.newPage();
  await lobby.goto('/games');
  const feed = lobby.getByTestId('win-feed');
  await expect(feed.getByRole('heading', { name: 'Выигрыши прямо сейчас' })).toBeVisible();

  // …while a player registers, deposits and wins a round of dice at a 95 % chance in another.
  const email = uniqueEmail('feed');
  await page.goto('/#register');
  await registerInModal(page, email);
  await page.goto(await linkFromMailbox(page, email, /\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/));
  await page.goto('/payment/deposit');
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByRole('heading', { name: 'Баланс пополнен' })).toBeVisible();
  await page.goto('/game/kometa/kometa-dice');
  const dice = page.frameLocator('iframe[title="Игра: Кости"]');
  await expect(dice.locator('#balance')).not.toHaveText('—');
  await dice.getByLabel('Ставка, ₽').fill('20');
  await dice.getByLabel('Шанс выигрыша, %').fill('95');
  let won = '';
  for (let round = 0; round < 6 && !won; round++) {
    await rollDice(dice);
    const result = (await dice.locator('#result').textContent()) ?? '';
    won = /Выигрыш: (.+₽)/.exec(result)?.[1] ?? '';
  }
  expect(won).not.toBe('');

  // The lobby's feed brings the win in on its own: the first three letters of the e-mail, the game, the sum.
  const mine = feed.getByTestId('win-feed-item').filter({ hasText: 'fee***' }).first();
  await expect(mine).toBeVisible({ timeout: 30_000 });
  await expect(mine).toContainText('Кости');
  await expect(mine).toContainText(won);
  expect(won).toMatch(/^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0₽$/);
  await expect(mine).toContainText(/×1,0\d/);
  await expect(feed).not.toContainText('@');
});
