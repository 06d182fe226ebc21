import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'kometa-correct-horse-42';

/** A fresh e-mail per run and project, so tests never meet each other's players. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * Fills a registration form (the modal's, or the one a new social identity gets) as an adult would,
 * and sends it; the e-mail is typed only when given (a provider may have filled it in).
 */
export async function submitRegistration(
  form: Locator,
  email?: string,
  options: { welcomePack?: 'close' | 'keep' } = {},
): Promise<void> {
  if (options.welcomePack !== 'keep') await closeWelcomePackWhenShown(form.page());
  if (email !== undefined) await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await form.getByLabel('День').selectOption('15');
  await form.getByLabel('Месяц').selectOption({ label: 'мая' });
  await form.getByLabel('Год').selectOption('1990');
  await form.getByLabel(/принимаю правила/).check();
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
}

/**
 * A new player is greeted by the welcome pack modal (spec §4, for 30 s after registering): tests about
 * something else close it («Позже») whenever it stands in their way.
 */
const welcomePackModal = (page: Page) => page.getByRole('dialog', { name: 'Приветственный пакет' });

export async function closeWelcomePackWhenShown(page: Page): Promise<void> {
  await page.addLocatorHandler(welcomePackModal(page), async (dialog) => {
    await dialog.getByRole('button', { name: 'Позже' }).click();
  });
  await closeProfilePopupWhenShown(page);
}

/** The extended-profile popup (spec §4, a minute after registering; ADR 040). */
export const profilePopup = (page: Page) =>
  page.getByRole('dialog', { name: 'Подарок за заполненный профиль' });

/**
 * Tests about something else close the extended-profile popup («Позже») whenever it stands in their
 * way: it opens a minute after registration and again every 15 minutes until the profile is filled.
 */
export async function closeProfilePopupWhenShown(page: Page): Promise<void> {
  await page.addLocatorHandler(profilePopup(page), async (dialog) => {
    await dialog.getByRole('button', { name: 'Позже' }).click();
  });
}

/**
 * Waits for the welcome pack modal a new player gets (the demo always has a pack) and closes it, so
 * it cannot open in the middle of the test's next click; the handler above stays for later pages.
 */
export async function closeWelcomePack(page: Page): Promise<void> {
  const modal = welcomePackModal(page);
  try {
    await modal.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    return;
  }
  // Closed here, it does not come back in this tab: the handler would only race this click.
  await page.removeLocatorHandler(modal);
  await modal.getByRole('button', { name: 'Позже' }).click();
  await expect(modal).toHaveCount(0);
}

/** Registers through the modal, as a visitor does, and waits for the player's header. */
export async function registerInModal(
  page: Page,
  email: string,
  options: { welcomePack?: 'close' | 'keep' } = {},
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(dialog).toBeVisible();
  await submitRegistration(dialog, email, options);
  await expectSignedIn(page);
  if (options.welcomePack !== 'keep') await closeWelcomePack(page);
}

/** Fills the login modal with e-mail and password and sends it. */
export async function submitLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail или телефон').fill(email);
  await dialog.getByLabel('Пароль', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
}

/** Logs in through the modal with e-mail and password. */
export async function loginInModal(page: Page, email: string, password = PASSWORD): Promise<void> {
  await closeProfilePopupWhenShown(page);
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
  const button = page.getByRole('banner').getByRole('button', { name: 'Выйти' });
  if (await button.isVisible()) {
    await button.click();
  } else {
    await page
      .getByRole('navigation', { name: 'Навигация игрока' })
      .getByRole('link', { name: 'Профиль' })
      .click();
    await page.getByRole('main').getByRole('button', { name: 'Выйти' }).first().click();
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
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

/** One dice roll in an open dice frame (Меньше by default); answers once the round is settled. */
export async function rollDice(dice: FrameLocator, direction: 'Меньше' | 'Больше' = 'Меньше') {
  const nonce = await dice.locator('#nonce').textContent();
  await dice.getByRole('radio', { name: direction }).check();
  await dice.getByRole('button', { name: 'Бросить' }).click();
  await expect(dice.locator('#nonce')).not.toHaveText(nonce ?? '');
  await expect(dice.getByRole('button', { name: 'Бросить' })).toBeEnabled();
}
