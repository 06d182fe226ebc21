import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  PASSWORD,
  expectSignedIn,
  linkFromMailbox,
  loginInModal,
  logout,
  registerInModal,
  sessionToken,
  submitLogin,
  uniqueEmail,
} from './players.ts';

async function newPlayer(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto('/#register');
  await registerInModal(page, email);
  return email;
}

test('the profile shows the account; the chip value and the reminder interval are saved', async ({
  page,
}) => {
  const email = await newPlayer(page, 'profile');
  await page.goto('/profile');
  const account = page.getByRole('region', { name: 'Аккаунт' });
  await expect(account.getByText(`${email} · не подтверждён`)).toBeVisible();
  // The link went out with the registration: another is refused until the wait is over.
  await account.getByRole('button', { name: 'Отправить письмо для подтверждения' }).click();
  await expect(account.getByRole('alert')).toHaveText('Код подтверждения уже отправлен');

  await page
    .getByRole('navigation', { name: 'Разделы профиля' })
    .getByRole('link', { name: 'Настройки' })
    .click();
  const chip = page.getByRole('region', { name: 'Стоимость фишки' });
  await chip.getByLabel('Стоимость фишки').selectOption({ label: '1 фишка = 10,00\u00a0₽' });
  await chip.getByRole('button', { name: 'Сохранить' }).click();
  await expect(chip.getByRole('status')).toHaveText('Сохранено');
  await page.reload();
  await expect(chip.getByLabel('Стоимость фишки')).toHaveValue('1000');
  // The previous value becomes the default, and can be restored.
  await chip.getByRole('button', { name: 'Вернуть прежнюю' }).click();
  await expect(chip.getByLabel('Стоимость фишки')).not.toHaveValue('1000');

  const time = page.getByRole('region', { name: 'Время в игре' });
  await time.getByLabel('Напоминать о времени в игре каждые').selectOption({ label: '30 минут' });
  await time.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect(time.getByRole('status')).toHaveText('Сохранено');
  await page.reload();
  await expect(time.getByLabel('Напоминать о времени в игре каждые')).toHaveValue('30');
});

test('two-factor: turned on with a QR code and a first code; login then asks for a code', async ({
  page,
}) => {
  const email = await newPlayer(page, 'twofactor');
  await page.goto('/profile/settings');
  const section = page.getByRole('region', { name: 'Двухфакторная аутентификация' });
  await section.getByLabel('Пароль', { exact: true }).fill('not-my-password');
  await section.getByRole('button', { name: 'Включить' }).click();
  await expect(section.getByRole('alert')).toBeVisible();
  await section.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await section.getByRole('button', { name: 'Включить' }).click();
  await expect(section.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').textContent())!.trim();
  await section.getByLabel('Код из приложения').fill('000000');
  await section.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(section.getByRole('alert')).toBeVisible();
  await section.getByLabel('Код из приложения').fill(await generate({ secret }));
  await section.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(section.getByRole('status')).toContainText('Сохраните резервные коды');
  await expect(section.getByRole('list', { name: /резервный код/ }).getByRole('listitem')).toHaveCount(10);

  await logout(page);
  await page.goto('/#authorization');
  await submitLogin(page, email);
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await expect(dialog.getByLabel('Код из приложения или резервный код')).toBeVisible();
  // A fresh code: the one used to confirm may not be taken twice.
  await page.waitForTimeout(1_000);
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await dialog.getByLabel('Код из приложения или резервный код').fill(code);
  await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
  await expectSignedIn(page);
});

test('the password is changed in the profile, and another device’s session can be ended', async ({
  page,
  browser,
}) => {
  const email = await newPlayer(page, 'password');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/#authorization');
  await loginInModal(otherPage, email);

  await page.goto('/profile/settings');
  const sessions = page.getByRole('region', { name: 'Активные сеансы' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('этот сеанс')).toHaveCount(1);
  await sessions.getByRole('button', { name: 'Завершить остальные сеансы' }).click();
  await expect(sessions.getByRole('status')).toHaveText('Завершено сеансов: 1');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/#authorization$/);
  await other.close();

  await page.goto('/profile/change_password');
  await page.getByLabel('Текущий пароль').fill('not-my-password');
  await page.getByLabel('Новый пароль', { exact: true }).fill('new-kometa-password-7');
  await page.getByLabel('Новый пароль ещё раз').fill('new-kometa-password-7');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Текущий пароль').fill(PASSWORD);
  await page.getByLabel('Новый пароль', { exact: true }).fill('new-kometa-password-7');
  await page.getByLabel('Новый пароль ещё раз').fill('new-kometa-password-7');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Пароль изменён. Другие сеансы завершены.');
  await logout(page);
  await page.goto('/#authorization');
  await submitLogin(page, email);
  await expect(page.getByRole('dialog', { name: 'Вход' }).getByRole('alert')).toBeVisible();
  await page.goto('/#authorization');
  await loginInModal(page, email, 'new-kometa-password-7');
});

test('a forgotten password is reset through the e-mailed link', async ({ page, browser }) => {
  const email = await newPlayer(page, 'reset');
  const guest = await browser.newContext();
  const visitor = await guest.newPage();
  await visitor.goto('/#authorization');
  await visitor.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(visitor).toHaveURL(/\/resetting\/request$/);
  await visitor.getByLabel('E-mail или телефон').fill(email);
  await visitor.getByRole('button', { name: 'Восстановить' }).click();
  await expect(visitor.getByRole('status')).toContainText('Мы отправили письмо');
  const link = await linkFromMailbox(visitor, email, /\/resetting\/reset\/[A-Za-z0-9_-]+/);
  await visitor.goto(link);
  await visitor.getByLabel('Новый пароль').fill('reset-kometa-password-9');
  await visitor.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(visitor.getByRole('status')).toContainText('Пароль изменён');
  // The link in the confirmation itself (a phone's bottom bar has a «Войти» of its own).
  await visitor.getByRole('status').getByRole('link', { name: 'Войти' }).click();
  await loginInModal(visitor, email, 'reset-kometa-password-9');
  await guest.close();
});

test('a login link with the auth parameter signs the player in on another device', async ({
  page,
  browser,
}) => {
  await newPlayer(page, 'tokenlogin');
  const answer = await page.request.post('/api/v18/users/self/loginToken', {
    headers: { 'auth-token': await sessionToken(page) },
    data: {},
  });
  const oneTime = (await answer.json()).data.token as string;
  const device = await browser.newContext();
  const other = await device.newPage();
  await other.goto(`/games?auth=${encodeURIComponent(oneTime)}`);
  // The link names the account it opens and waits for a yes (no one can sign a visitor in unasked).
  await expect(other.getByRole('heading', { name: 'Войти по ссылке?' })).toBeVisible();
  await expect(other.getByText(/Ссылка открывает аккаунт to\*\*\*@example\.com/)).toBeVisible();
  await other.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(other).toHaveURL(/\/games$/);
  await expectSignedIn(other);
  // One time only: the same link again opens the login modal.
  const again = await browser.newContext();
  const third = await again.newPage();
  await third.goto(`/games?auth=${encodeURIComponent(oneTime)}`);
  await expect(third.getByRole('dialog', { name: 'Вход' })).toBeVisible();
  await third.goto('/sapi/loginByToken?token=not-a-real-token-at-all');
  await expect(third.getByRole('alert')).toHaveText(/Ссылка для входа недействительна/);
  await device.close();
  await again.close();
});

test('a time-out starts at once: the session ends, and the player back sees it in force', async ({
  page,
}) => {
  const email = await newPlayer(page, 'timeout');
  await page.goto('/self-exclusion-option');
  await page.getByRole('radio', { name: '72 часа' }).check();
  await page.getByRole('button', { name: 'Начать' }).click();
  // The confirmation is required.
  await expect(page.getByRole('radio', { name: '72 часа' })).toBeVisible();
  await page.getByLabel('Я понимаю, что отменить это решение досрочно нельзя').check();
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page.getByText('Готово. Все сеансы завершены.')).toBeVisible();
  await expect(page.getByText(/^72 часа\. Действует до \d\d\.\d\d\.\d{4} \d\d:\d\d\.$/)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
  // Logging in stays possible (to withdraw what is left); the time-out is shown and cannot be changed.
  await page.goto('/self-exclusion-option#authorization');
  await loginInModal(page, email);
  await expect(page.getByText(/^72 часа\. Действует до/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Начать' })).toHaveCount(0);
  await page.goto('/payment/deposit');
  await page.getByLabel('Сумма, ₽').fill('500');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByRole('alert')).toHaveText(/самоисключени|перерыв/i);
});

test('a document is uploaded for verification and listed as waiting', async ({ page }) => {
  await newPlayer(page, 'kyc');
  await page.goto('/verification-info');
  await expect(page.getByText('Документов пока нет')).toBeVisible();
  await page.getByLabel('Документ').selectOption({ label: 'Паспорт' });
  // A real PNG: the API recognises files by their bytes.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.getByLabel('Файл').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Загрузить' }).click();
  await expect(page.getByRole('status')).toHaveText('Документ загружен и ждёт проверки');
  const row = page.getByRole('table', { name: 'Загруженные документы' }).getByRole('row').nth(1);
  await expect(row).toContainText('Паспорт');
  await expect(row).toContainText('на проверке');
  await expect(page.getByText('Статус: на проверке')).toBeVisible();
});

test('the profile, cashier and protection pages have no serious accessibility violations', async ({
  page,
}) => {
  // Eight pages, each read whole by axe (seconds each on two busy cores).
  test.setTimeout(180_000);
  await newPlayer(page, 'axe');
  for (const path of [
    '/profile',
    '/profile/settings',
    '/profile/change_password',
    '/payment/deposit',
    '/payment/history',
    '/games-limits/deposit',
    '/self-exclusion-option',
    '/verification-info',
  ]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${path}: ${v.id} ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
    ).toEqual([]);
  }
});

test('a lower limit applies at once; a higher one or its removal waits 24 hours for a confirmation', async ({
  page,
}) => {
  await newPlayer(page, 'limits');
  await page.goto('/games-limits/loss');
  await page.getByLabel('Сумма, ₽').fill('300');
  await page.getByRole('button', { name: 'Сохранить лимит' }).click();
  await expect(page.getByText('Лимит сохранён')).toBeVisible();
  const current = page.getByRole('region', { name: 'Действующие лимиты' });
  await expect(current.getByText(/^Проигрыш в день: Использовано 0,00\s₽ из 300,00\s₽$/)).toBeVisible();

  await page.getByLabel('Сумма, ₽').fill('100');
  await page.getByRole('button', { name: 'Сохранить лимит' }).click();
  await expect(current.getByText(/из 100,00\s₽$/)).toBeVisible();

  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Сохранить лимит' }).click();
  await expect(
    current.getByText(
      /из 100,00\s₽ · ожидает повышения до 1\s000,00\s₽ Подтвердить можно после \d\d\.\d\d\.\d{4} \d\d:\d\d\.$/,
    ),
  ).toBeVisible();
  await expect(current.getByRole('button', { name: 'Подтвердить изменение' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Снять лимит за период' }).click();
  await expect(current.getByText(/из 100,00\s₽ · ожидает отмены/)).toBeVisible();
});
