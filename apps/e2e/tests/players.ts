import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'kometa-correct-horse-42';

/** A fresh e-mail per run and project, so tests never meet each other's players. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * Fills a registration form (the modal's, or the one a new social identity gets) as an adult would,
 * and sends it; the e-mail is typed only when given (a provider may have filled it in).
 */
export async function submitRegistration(form: Locator, email?: string): Promise<void> {
  if (email !== undefined) await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await form.getByLabel('День').selectOption('15');
  await form.getByLabel('Месяц').selectOption({ label: 'мая' });
  await form.getByLabel('Год').selectOption('1990');
  await form.getByLabel(/принимаю правила/).check();
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
}

/** Registers through the modal, as a visitor does, and waits for the player's header. */
export async function registerInModal(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(dialog).toBeVisible();
  await submitRegistration(dialog, email);
  await expectSignedIn(page);
}

/** Fills the login modal with e-mail and password and sends it. */
export async function submitLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail или телефон').fill(email);
  await dialog.getByLabel('Пароль').fill(password);
  await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
}

/** Logs in through the modal with e-mail and password. */
export async function loginInModal(page: Page, email: string, password = PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  await expectSignedIn(page);
}

/** The player's header: the balance shows on every screen size. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByTestId('balance')).toBeVisible();
}

/**
 * Logs out as the player would on this screen: the header's button on a desktop, the profile's link
 * on a phone (the phone's header keeps only the balance and the cashier); then the guest's header.
 */
export async function logout(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Выйти' });
  if (await button.isVisible()) {
    await button.click();
  } else {
    await page
      .getByRole('navigation', { name: 'Навигация игрока' })
      .getByRole('link', { name: 'Профиль' })
      .click();
    await page.getByRole('main').getByRole('button', { name: 'Выйти' }).click();
  }
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
}

/** The player's session token, as the site keeps it in its cookie. */
export async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'kometa_token');
  expect(cookie).toBeDefined();
  return decodeURIComponent(cookie!.value);
}

/** The first link of the given shape in the latest development mail to an address. */
export async function linkFromMailbox(page: Page, to: string, shape: RegExp): Promise<string> {
  const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(mailbox.status()).toBe(200);
  const link = shape.exec(JSON.stringify(await mailbox.json()));
  expect(link).not.toBeNull();
  return link![0];
}
