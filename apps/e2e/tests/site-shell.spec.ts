import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { registerInModal, uniqueEmail } from './players.ts';

test.describe('the public pages, server-rendered', () => {
  test('the home page carries its SEO head and Kometa’s games, even without JavaScript', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseURL}/`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Комета — онлайн-казино');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /доказуемо честными/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
    await expect(page.locator('link[rel="alternate"][hreflang="ru"]')).toHaveAttribute('href', `${baseURL}/`);
    const promo = page.getByRole('list', { name: 'Игры Кометы' });
    await expect(promo.getByRole('listitem')).toHaveCount(8);
    await expect(promo.getByText('Блэкджек')).toBeVisible();
    // The site's icon, for browsers that read the link and for those that ask /favicon.ico.
    const icon = page.locator('link[rel="icon"]');
    const svg = await page.request.get(`${baseURL}${await icon.getAttribute('href')}`);
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    const ico = await page.request.get(`${baseURL}/favicon.ico`);
    expect(ico.status()).toBe(200);
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    await context.close();
  });

  test('the lobby pages in 20s without JavaScript, and its tabs show their games', async ({ page }) => {
    await page.goto('/games');
    const all = page.getByRole('list', { name: 'Все игры' });
    await expect(all.getByRole('listitem')).toHaveCount(20);
    await page.getByRole('link', { name: 'Показать ещё' }).click();
    await expect(all.getByRole('listitem')).toHaveCount(40);
    await page
      .getByRole('navigation', { name: 'Разделы лобби' })
      .getByRole('link', { name: 'Настольные' })
      .click();
    await expect(page).toHaveURL(/\/games\/table$/);
    await expect(page.getByText(/^\d+ (игра|игры|игр)$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Игры' }).getByText('Европейская рулетка')).toBeVisible();
  });

  test('a trailing slash is a 301 to the path without it; an unknown path is the 404 page', async ({
    page,
    request,
  }) => {
    const redirected = await request.get('/games/?page=2', { maxRedirects: 0 });
    expect(redirected.status()).toBe(301);
    expect(redirected.headers().location).toBe('/games?page=2');
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await page.getByRole('link', { name: 'Вернуться на главную' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the public pages have no serious or critical accessibility violations', async ({ page }) => {
    // Thirteen pages, five game frames among them, each read whole by axe (seconds each on two busy cores).
    test.setTimeout(240_000);
    for (const path of [
      '/',
      '/games',
      '/games/developer',
      '/search-games',
      '/game_promo/kometa-dice',
      // Each of Kometa's games, its frame included (axe reads into the frames too).
      '/game/kometa/kometa-dice',
      '/game/kometa/kometa-roulette',
      '/game/kometa/kometa-classic-slot',
      '/game/kometa/kometa-video-slot',
      '/game/kometa/kometa-blackjack',
      '/self-exclusion-option',
      '/resetting/request',
      '/no-such-page',
    ]) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map(
          (v) =>
            `${path}: ${v.id} ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`,
        ),
      ).toEqual([]);
    }
  });
});

test('the game search finds games by a Russian name and by tag, without JavaScript too', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}/search-games`);
  await expect(page.getByRole('heading', { name: 'Рекомендуем' })).toBeVisible();
  await page.getByLabel('Название игры').fill('дракон');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(/\/search-games\?q=/);
  await expect(page.getByRole('heading', { name: /^Найдено: \d+ (игра|игры|игр)$/ })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Поиск игр' })
      .getByText(/дракон/i)
      .first(),
  ).toBeVisible();
  await page.getByRole('navigation', { name: 'Темы' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\?tag=/);
  await expect(page.getByRole('heading', { name: /^Найдено:/ })).toBeVisible();
  await context.close();
});

test.describe('the shell’s rules', () => {
  test('a visitor from a country outside the list sees the restricted-region page, with no header', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-country-code': 'US' } });
    const page = await context.newPage();
    const response = await page.goto(`${baseURL}/games`);
    expect(response?.status()).toBe(451);
    await expect(page.getByRole('heading', { name: 'Сайт недоступен в вашем регионе' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await context.close();
    // An allowed country sees the site.
    const allowed = await browser.newContext({ extraHTTPHeaders: { 'x-country-code': 'AM' } });
    expect((await (await allowed.newPage()).goto(`${baseURL}/games`))?.status()).toBe(200);
    await allowed.close();
  });

  test('a path under the language prefix is a 301 to the path without it', async ({ request }) => {
    const redirected = await request.get('/ru/games?page=2', { maxRedirects: 0 });
    expect(redirected.status()).toBe(301);
    expect(redirected.headers().location).toBe('/games?page=2');
  });

  test('a page opened with #authorization or #register comes alive without an error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/games#authorization');
    await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
    await page.goto('/#register');
    await expect(page.getByRole('dialog', { name: 'Регистрация' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Регистрация' }).getByLabel('E-mail').fill('typed@example.com');
    expect(errors).toEqual([]);
  });

  test('/registration opens the registration modal over the home page', async ({ page }) => {
    await page.goto('/registration');
    await expect(page).toHaveURL(/\/#register$/);
    await expect(page.getByRole('dialog', { name: 'Регистрация' })).toBeVisible();
  });

  test('a guest sees the cookie notice until closing it; the hello bar shows after, until it is closed', async ({
    page,
  }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Файлы cookie' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Объявление' })).toHaveCount(0);
    await notice.getByRole('button', { name: 'Понятно' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Файлы cookie' })).toHaveCount(0);
    const bar = page.getByRole('complementary', { name: 'Объявление' });
    await expect(bar).toContainText('Добро пожаловать в Комету!');
    await bar.getByRole('button', { name: 'Закрыть' }).click();
    await expect(bar).toHaveCount(0);
    // Closed stays closed: on the next page and on a fresh load.
    await page.goto('/games');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });
});

test('on a phone the player navigates with the bottom bar; a large desktop has the help button', async ({
  page,
}, testInfo) => {
  await page.goto('/#register');
  await registerInModal(page, uniqueEmail('shell'));
  const bottom = page.getByRole('navigation', { name: 'Навигация игрока' });
  if (testInfo.project.name === 'phone') {
    await expect(page.getByRole('button', { name: 'Помощь' })).toBeHidden();
    // All five items fit the screen, each with its whole label.
    const width = page.viewportSize()!.width;
    const items = bottom.getByRole('link');
    await expect(items).toHaveCount(5);
    for (const item of await items.all()) {
      const box = (await item.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const label = item.locator('span').first();
      expect(await label.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    }
    await bottom.getByRole('link', { name: 'Профиль' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await bottom.getByRole('link', { name: 'Касса' }).click();
    await expect(page).toHaveURL(/\/payment\/deposit$/);
  } else {
    await expect(bottom).toBeHidden();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByRole('button', { name: 'Помощь' }).click();
    await page
      .getByRole('navigation', { name: 'Поддержка' })
      .getByRole('link', { name: 'Самоисключение', exact: true })
      .click();
    await expect(page).toHaveURL(/\/self-exclusion-option$/);
    // The session's time runs in the header.
    await expect(page.getByTestId('session-clock')).toHaveText(/\d:\d\d:\d\d$/);
  }
});

test('the session clock is there on every signed-in page load, and no call of the page is refused', async ({
  page,
}) => {
  await page.goto('/#register');
  await registerInModal(page, uniqueEmail('clock'));
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  for (const path of [
    '/games',
    '/profile',
    '/payment/deposit',
    '/games-limits/deposit',
    '/payment/history',
    '/',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('session-clock')).toHaveText(/\d:\d\d:\d\d$/);
  }
  expect(refused).toEqual([]);
});

test('the game page’s back button follows replaceRout, else returns to where the player came from', async ({
  page,
}) => {
  await page.goto('/game/kometa/kometa-dice?mode=demo&replaceRout=%2Fgames%2Ftable');
  await page.getByRole('link', { name: 'В лобби' }).click();
  await expect(page).toHaveURL(/\/games\/table$/);
  await page.goto('/games/developer/kometa');
  // The studio's own list (the lobby's live feed may link the game too, ADR 050).
  await page.getByRole('list', { name: 'Kometa' }).getByRole('link', { name: /Кости/ }).click();
  await expect(page).toHaveURL(/\/game\/kometa\/kometa-dice$/);
  await page.getByRole('link', { name: 'В лобби' }).click();
  await expect(page).toHaveURL(/\/games\/developer\/kometa$/);
});
