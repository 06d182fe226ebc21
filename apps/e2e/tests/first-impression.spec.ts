import { expect, test, type Page } from '@playwright/test';
import { e2eConfig } from '../config.ts';
import { closeWelcomePackWhenShown, expectSignedIn, submitRegistration, uniqueEmail } from './players.ts';

/**
 * A new player's first impression (issue 20), on a phone and a desktop: the site keeps the address
 * the player opened, greets once, says its rules before the money goes in, and fits the screen.
 */

/** The README's other local name for the site: as much the operator's as localhost. */
const LOOPBACK = `http://127.0.0.1:${e2eConfig.sitePort}`;

async function register(page: Page, email: string, welcomePack: 'close' | 'keep' = 'close') {
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(dialog).toBeVisible();
  await submitRegistration(dialog, email, { welcomePack });
  await expectSignedIn(page);
}

async function mails(page: Page, to: string) {
  const answer = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as {
    template: string;
    subject: string;
    body: string;
    html: string | null;
  }[];
}

/** The page is no wider than its screen (nothing to scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a player on 127.0.0.1 stays there: the confirmation e-mail, the payment and the game lead back to it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('loopback');
  await page.goto(`${LOOPBACK}/#register`);
  await register(page, email);

  // The confirmation link is on the address the player registered on, where their session is.
  await expect
    .poll(async () => (await mails(page, email)).some((m) => m.template === 'confirm_email'))
    .toBe(true);
  const confirm = (await mails(page, email)).find((m) => m.template === 'confirm_email')!;
  const link = /https?:\/\/[^\s"]+\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/.exec(confirm.body)![0];
  expect(new URL(link).origin).toBe(LOOPBACK);
  await page.goto(link);
  await expect(page.getByText('E-mail подтверждён')).toBeVisible();
  await expectSignedIn(page);

  // After the provider's page the player is back on 127.0.0.1, still signed in.
  await page.goto(`${LOOPBACK}/payment/deposit`);
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByRole('heading', { name: 'Песочница платежей' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByRole('heading', { name: 'Баланс пополнен' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(LOOPBACK);
  await expectSignedIn(page);

  // The game's lobby and cashier links (inside the frame) point at 127.0.0.1 too.
  await page.goto(`${LOOPBACK}/game/kometa/kometa-dice`);
  const src = await page.locator('iframe[title="Игра: Кости"]').getAttribute('src');
  const frame = new URL(src!);
  expect(new URL(frame.searchParams.get('backUrl')!).origin).toBe(LOOPBACK);
  expect(new URL(frame.searchParams.get('cashUrl')!).origin).toBe(LOOPBACK);

  // The credited deposit is mailed: Russian sums, an HTML and a text part, no unsubscribe link.
  await expect
    .poll(async () => (await mails(page, email)).some((m) => m.template === 'deposit_credited'), {
      timeout: 15_000,
    })
    .toBe(true);
  const credited = (await mails(page, email)).find((m) => m.template === 'deposit_credited')!;
  expect(credited.subject).toBe('Баланс пополнен на 1\u00a0000,00\u00a0₽');
  expect(credited.html).toContain('<html');
  expect(credited.body).not.toMatch(/отписаться/i);
});

test('a new player is greeted once: the e-mail that was sent and the first deposit', async ({ page }) => {
  const email = uniqueEmail('greeting');
  await page.goto('/#register');
  await register(page, email, 'keep');
  const greeting = page.getByRole('dialog');
  await expect(greeting).toHaveCount(1);
  await expect(greeting).toHaveAccessibleName('Приветственный пакет');
  await expect(greeting.getByTestId('welcome-email')).toContainText(`Мы отправили письмо на ${email}`);
  await greeting.getByTestId('welcome-cta').click();
  await expect(page).toHaveURL(/\/payment\/deposit/);
  // The turnover rule is said before the money goes in.
  await expect(page.getByTestId('wager-rule')).toContainText('до вывода сумму депозитов нужно поставить');
});

test('a guest who picks real money is asked to register; games that need verification are marked', async ({
  page,
}) => {
  await page.goto('/game/kometa/kometa-dice');
  await page.getByRole('link', { name: 'На деньги' }).click();
  await expect(page.getByRole('dialog', { name: 'Регистрация' })).toBeVisible();

  // A game that needs verification and plays on phones and desktops alike.
  type Game = { title: string; slug: string; verifiedOnly: boolean; isMobile: boolean; isDesktop: boolean };
  let gated: Game | undefined;
  for (let offset = 0; !gated && offset < 500; offset += 100) {
    const answer = await page.request.get(`/api/v18/games?limit=100&offset=${offset}`);
    const games = Object.values((await answer.json()).data as Record<string, Game>);
    gated = games.find((game) => game.verifiedOnly && game.isMobile && game.isDesktop);
  }
  expect(gated).toBeDefined();
  await page.goto(`/search-games?q=${encodeURIComponent(gated!.title)}`);
  const card = page.locator('.game-card').filter({ has: page.locator(`a[href$="/${gated!.slug}"]`) });
  await expect(card.getByTestId('verified-only')).toHaveText('С верификацией');
});

test('the withdrawal refused by the turnover rule says how much is left to stake', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('turnover');
  await page.goto('/#register');
  await register(page, email);
  await page.goto('/payment/deposit');
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByRole('heading', { name: 'Баланс пополнен' })).toBeVisible();
  const confirm = (await mails(page, email)).find((m) => m.template === 'confirm_email')!;
  await page.goto(/https?:\/\/[^\s"]+\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/.exec(confirm.body)![0]);
  await expect(page.getByText('E-mail подтверждён')).toBeVisible();
  await page.goto('/payment/withdrawal');
  await page.getByLabel('Сумма, ₽').fill('500');
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Вывести' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Вывод станет доступен после ставок ещё на 1\u00a0000,00\u00a0₽',
  );
});

test('the phone layout: the guest header fits 320 and 390 px with a navigation, the game bar is one row', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  for (const width of phone ? [320, 390] : [1440]) {
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    await page.goto('/');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const registerButton = page.getByRole('banner').getByRole('link', { name: 'Регистрация' });
    await expect(registerButton).toBeInViewport({ ratio: 1 });
    if (phone) await expect(page.getByRole('navigation', { name: 'Навигация' })).toBeVisible();
  }

  // The game page: one lobby link and one title (the frame leaves its own to the page), one bar row.
  await page.goto('/game/kometa/kometa-roulette?mode=demo');
  await expect(page.getByRole('link', { name: 'В лобби' })).toHaveCount(1);
  const frame = page.frameLocator('iframe[title="Игра: Европейская рулетка"]');
  await expect(frame.locator('#balance')).not.toHaveText('—');
  await expect(frame.getByRole('heading', { level: 1 })).toBeHidden();
  await expect(frame.getByRole('link', { name: 'В лобби' })).toBeHidden();
  const bar = await page.locator('.game-bar').boundingBox();
  expect(bar!.height).toBeLessThan(64);
  // No word is cut in the roulette's buttons.
  const cut = await frame
    .locator('button')
    .evaluateAll((buttons) =>
      buttons.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
    );
  expect(cut).toEqual([]);
});

test('logout is at the top of the profile', async ({ page }) => {
  await closeWelcomePackWhenShown(page);
  await page.goto('/#register');
  await register(page, uniqueEmail('logout'));
  await page.goto('/profile/settings');
  const logout = page.getByRole('main').getByRole('button', { name: 'Выйти' });
  await expect(logout).toBeInViewport();
  await logout.click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
});

test('search answers as the player types, with suggestions to pick by keyboard', async ({ page }) => {
  await page.goto('/search-games');
  const field = page.getByRole('combobox', { name: 'Название игры' });
  await field.pressSequentially('Кост', { delay: 40 });
  // No Enter: the results and the suggestions follow the typing.
  await expect(page).toHaveURL(/[?&]q=%D0%9A%D0%BE%D1%81%D1%82/);
  const suggestions = page.getByRole('listbox', { name: 'Подсказки' });
  await expect(suggestions.getByRole('option', { name: /Кости/ })).toBeVisible();
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
  await field.press('Enter');
  await expect(page).toHaveURL(/\/game\/kometa\/kometa-dice$/);
});
