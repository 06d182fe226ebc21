import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'kometa-correct-horse-42';

/** A fresh e-mail per run and project, so tests never meet each other's players. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Registers through the modal, as a visitor does, and waits for the player's header. */
export async function registerInModal(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('День').selectOption('15');
  await dialog.getByLabel('Месяц').selectOption({ label: 'мая' });
  await dialog.getByLabel('Год').selectOption('1990');
  await dialog.getByLabel(/принимаю правила/).check();
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
}

/** Logs in through the modal with e-mail and password. */
export async function loginInModal(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail или телефон').fill(email);
  await dialog.getByLabel('Пароль').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
}
