import { expect, test } from '@playwright/test';
import { expectSignedIn, loginInModal, logout, registerInModal, uniqueEmail } from './players.ts';

test.describe('signing in and opening a game', () => {
  test('a visitor registers in the modal, sees an empty balance, logs out and logs back in', async ({
    page,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/');
    await page.getByRole('link', { name: 'Регистрация' }).click();
    await expect(page).toHaveURL(/#register$/);
    // A refused form names each field in Russian.
    const dialog = page.getByRole('dialog', { name: 'Регистрация' });
    await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(dialog.getByText('Необходимо принять правила')).toBeVisible();
    // The e-mail field is told about the e-mail (the form has no phone field).
    await expect(dialog.getByText('Укажите e-mail', { exact: true })).toBeVisible();
    // The password can be shown to check it for typos, and hidden again.
    const password = dialog.getByLabel('Пароль', { exact: true });
    await password.fill('typo-in-here');
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Показать пароль' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('typo-in-here');
    await dialog.getByRole('button', { name: 'Скрыть пароль' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await registerInModal(page, email);
    await expect(page.getByTestId('balance')).toHaveText('0,00\u00a0₽');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await logout(page);
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
    await loginInModal(page, email);
  });

  test('a guest opening a login-only page logs in and lands on it', async ({ page }) => {
    const email = uniqueEmail('return');
    await page.goto('/#register');
    await registerInModal(page, email);
    await logout(page);

    await page.goto('/games/last');
    await expect(page).toHaveURL(/\/#authorization$/);
    await loginInModal(page, email);
    await expect(page).toHaveURL(/\/games\/last$/);
    await expect(page.getByRole('heading', { name: 'Последние игры' })).toBeVisible();
  });

  test('a guest plays in demo; a player with no money meets the pre-game popup, then plays demo', async ({
    page,
  }) => {
    await page.goto('/game/kometa/kometa-dice');
    const frame = page.locator('iframe[title="Игра: Кости"]');
    await expect(frame).toHaveAttribute('src', /\/play\/dice\?token=[^&]+&mode=demo/);
    // Inside the site's page the frame leaves its title to the page and shows the game's controls.
    await expect(page.frameLocator('iframe[title="Игра: Кости"]').getByLabel('Ставка, ₽')).toBeVisible();

    await page.goto('/#register');
    await registerInModal(page, uniqueEmail('pregame'));
    await page.goto('/game/kometa/kometa-dice');
    await expect(page.getByText('На балансе нет денег')).toBeVisible();
    await page.getByRole('link', { name: 'Играть в демо' }).click();
    await expect(page.locator('iframe[title="Игра: Кости"]')).toHaveAttribute('src', /mode=demo/);
    // The game now shows among the player's last games.
    await page.goto('/games/last');
    await expect(page.getByRole('list', { name: 'Последние игры' }).getByText('Кости')).toBeVisible();
  });

  test('an unknown game is the 404 page', async ({ page }) => {
    const response = await page.goto('/game/kometa/no-such-game');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  });
});

test('an expired token is refreshed once on the server, without the player noticing', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/#register');
  await registerInModal(page, uniqueEmail('refresh'));
  const cookie = async () => (await context.cookies()).find((c) => c.name === 'kometa_token')?.value;
  const old = await cookie();
  expect(old).toBeTruthy();
  // Another tab refreshed the session: the token this page holds no longer opens the API.
  const rotated = await request.post('/api/v18/users/self/refreshToken', {
    headers: { 'auth-token': old!, 'content-type': 'application/json' },
    data: {},
  });
  expect(rotated.status()).toBe(200);
  const fresh = (await rotated.json()).data.token as string;
  expect((await request.get('/api/v18/users/self', { headers: { 'auth-token': old! } })).status()).toBe(401);

  // The next page still opens signed in, and the cookie now holds the new token.
  await page.goto('/games/last');
  await expect(page).toHaveURL(/\/games\/last$/);
  await expectSignedIn(page);
  expect(await cookie()).toBe(fresh);
});
