import { createHash, createHmac } from 'node:crypto';
import { generate } from 'otplib';
import { expect, test, type Page } from '@playwright/test';
import { e2eConfig } from '../config.ts';
import {
  PASSWORD,
  closeWelcomePack,
  expectSignedIn,
  logout,
  registerInModal,
  sessionToken,
  submitRegistration,
  uniqueEmail,
} from './players.ts';

/** Signs Login Widget data as Telegram does: HMAC-SHA256 under SHA-256 of the bot's token. */
function telegramWidgetQuery(
  user: { id: number; first_name: string },
  botToken = e2eConfig.telegramBotToken,
) {
  const fields: Record<string, string> = {
    id: String(user.id),
    first_name: user.first_name,
    auth_date: String(Math.floor(Date.now() / 1000)),
  };
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

async function chooseProvider(page: Page) {
  await page.goto('/#authorization');
  await page
    .getByRole('group', { name: 'Вход через соцсети' })
    .getByRole('button', { name: 'Войти через Testid' })
    .click();
}

async function signInAtProvider(page: Page, email: string) {
  await chooseProvider(page);
  await expect(page.getByRole('heading', { name: 'Тестовый провайдер входа' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Разрешить вход' }).click();
}

test('social login: a new identity registers with it, and signs in with it next time', async ({ page }) => {
  const email = uniqueEmail('social');
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/oauth\/testid\?/);
  const register = page.getByRole('region', { name: /Новый игрок/ });
  // The provider's e-mail fills the form; the age gate and the rules are still the player's to give.
  await expect(register.getByLabel('E-mail')).toHaveValue(email);
  await submitRegistration(register);
  await expectSignedIn(page);
  await expect(page).toHaveURL(/\/$/);
  await closeWelcomePack(page);

  // The provider remembers the person: the next social login comes straight back, signed in.
  await logout(page);
  await chooseProvider(page);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
});

test('Telegram login: linked to an existing account by logging in, then signing in by Telegram alone', async ({
  page,
}) => {
  const email = uniqueEmail('telegram');
  await page.goto('/#register');
  await registerInModal(page, email);
  await logout(page);

  const user = { id: 100_000 + Math.floor(Math.random() * 1e8), first_name: 'Ирина' };
  await page.goto(`/telegram/login?${telegramWidgetQuery(user)}`);
  const login = page.getByRole('region', { name: /Уже есть аккаунт/ });
  await login.getByLabel('E-mail или телефон').fill(email);
  await login.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Войти', exact: true }).click();
  await expectSignedIn(page);
  await logout(page);

  await page.goto(`/telegram/login?${telegramWidgetQuery(user)}`);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
  await logout(page);

  // Data not signed by the bot is refused.
  await page.goto(`/telegram/login?${telegramWidgetQuery(user, '987654321:not-the-operators-bot-token')}`);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();

  // The bot's login link with a stale token asks to start again.
  await page.goto('/tg/login?tg_token=not-a-token-from-the-bot');
  await expect(page.getByRole('alert')).toHaveText('Нажмите /start в боте ещё раз');
});

test('Telegram login asks a player with two-factor on for the code', async ({ page }) => {
  const email = uniqueEmail('telegram-2fa');
  await page.goto('/#register');
  await registerInModal(page, email);
  const token = await sessionToken(page);
  const headers = { 'auth-token': token };
  const begun = await page.request.post('/api/v18/users/self/two-factor', {
    headers,
    data: { password: PASSWORD },
  });
  const secret = (await begun.json()).data.secret as string;
  // Each code is taken once: three consecutive time steps (the server accepts one step either side).
  const code = (step: -1 | 0 | 1) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * step });
  const confirmed = await page.request.post('/api/v18/users/self/two-factor/confirm', {
    headers,
    data: { code: await code(-1) },
  });
  expect(confirmed.status()).toBe(200);
  const user = { id: 100_000 + Math.floor(Math.random() * 1e8), first_name: 'Олег' };
  await logout(page);

  // Linking by logging in: the login asks the code too (two-factor is on).
  await page.goto(`/telegram/login?${telegramWidgetQuery(user)}`);
  const login = page.getByRole('region', { name: /Уже есть аккаунт/ });
  await login.getByLabel('E-mail или телефон').fill(email);
  await login.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Войти', exact: true }).click();
  const linkCode = login.getByLabel(/Код/);
  await expect(linkCode).toBeVisible();
  await linkCode.fill(await code(0));
  await login.getByRole('button', { name: 'Войти', exact: true }).click();
  await expectSignedIn(page);
  await logout(page);

  // Telegram alone no longer opens the account: the code is asked, a wrong one refused.
  await page.goto(`/telegram/login?${telegramWidgetQuery(user)}`);
  const field = page.getByLabel('Код из приложения');
  await expect(field).toBeVisible();
  await field.fill('000000');
  await page.getByRole('button', { name: 'Войти' }).last().click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Код из приложения').fill(await code(1));
  await page.getByRole('button', { name: 'Войти' }).last().click();
  await expectSignedIn(page);
});
