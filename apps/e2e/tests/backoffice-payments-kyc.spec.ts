import { expect, test, type Browser } from '@playwright/test';
import { e2eConfig } from '../config.ts';
import { PASSWORD, closeWelcomePackWhenShown, loginInModal, uniqueEmail } from './players.ts';
import { backoffice, DEMO_OPERATORS, expectNoAxeViolations, operatorSession } from './operators.ts';

/**
 * Payments and KYC in the back office (issue 18 items 3 and 4, ADR 036), as operators and a player click
 * them: finance approves a player's withdrawal, which the player then sees paid in their own history;
 * risk stops a player's payments until verification and accepts their document, which opens the
 * player's cashier; every change is in the audit log; the new screens have no serious axe violations.
 */
const site = `http://localhost:${e2eConfig.sitePort}`;

/** A real PNG (the API recognises files by their bytes): one pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A player registered through the API, e-mail confirmed by the link in the development mailbox, signed in. */
async function player(browser: Browser, label: string) {
  const email = uniqueEmail(label);
  const context = await browser.newContext({ locale: 'ru-RU', baseURL: site });
  await context.addCookies([{ name: 'kometa_cookie_notice', value: '0', url: site }]);
  const page = await context.newPage();
  // A new player is greeted by the welcome pack for 30 s: closed whenever it stands in the way.
  await closeWelcomePackWhenShown(page);
  const registered = await page.request.post(`${site}/api/v18/registration`, {
    data: { email, password: PASSWORD, birthday: { day: 15, month: 5, year: 1990 }, agreeRules: true },
  });
  expect(registered.status()).toBe(200);
  const token = (await registered.json()).data.token as string;
  const self = await page.request.get(`${site}/api/v18/users/self`, { headers: { 'auth-token': token } });
  const id = (await self.json()).data.id as number;
  const mailbox = await page.request.get(`${site}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = /\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/.exec(JSON.stringify(await mailbox.json()));
  expect(link).not.toBeNull();
  await page.goto(link![0]);
  await page.goto('/#authorization');
  await loginInModal(page, email);
  return { email, id, page, context };
}

test('finance approves a withdrawal from the queue; the player sees it paid; the audit log shows it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const p = await player(browser, 'bo-withdrawal');

  // 60 000 ₽ for the player: above the adjustment threshold, so the administrator approves it.
  const finance = await operatorSession(browser, DEMO_OPERATORS.finance);
  await finance.nav.getByRole('link', { name: 'Игроки' }).click();
  await finance.page.getByLabel('ID, e-mail, телефон, имя или реквизиты').fill(p.email);
  await finance.page.getByRole('button', { name: 'Найти' }).click();
  await finance.page.getByRole('link', { name: 'Открыть' }).click();
  await finance.page.getByLabel('Сумма').fill('60 000,00');
  await finance.page.getByLabel('Причина').fill('Выигрыш в турнире, обращение 5120');
  await finance.page.getByRole('button', { name: 'Провести корректировку' }).click();
  await expect(
    finance.page.getByRole('status').filter({ hasText: 'отправлен на подтверждение' }).first(),
  ).toBeVisible();
  const admin = await operatorSession(browser, DEMO_OPERATORS.admin);
  await admin.nav.getByRole('link', { name: 'Подтверждения' }).click();
  const request = admin.page.getByRole('row').filter({ hasText: 'Выигрыш в турнире, обращение 5120' });
  await request.getByRole('button', { name: /^Подтвердить/ }).click();
  await expect(request.getByText('Подтверждён')).toBeVisible();

  // The player asks for all of it: 50 000 ₽ and more wait for an operator (demo withdrawal_review).
  await p.page.goto('/payment/withdrawal');
  await p.page.getByLabel('Сумма, ₽').fill('60000');
  await p.page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await p.page.getByRole('button', { name: 'Вывести' }).click();
  await expect(p.page.getByText(/Заявка на вывод 60\s000,00\s₽ принята/)).toBeVisible();

  // Finance finds it in the queue (the dashboard counts it) and approves it.
  await expect(finance.nav.getByRole('link', { name: /Выводы/ })).toBeVisible();
  await finance.nav.getByRole('link', { name: /Выводы/ }).click();
  await expect(finance.page.getByRole('heading', { name: 'Выводы' })).toBeVisible();
  await finance.page.getByLabel('ID игрока').fill(String(p.id));
  await finance.page.getByRole('button', { name: 'Найти' }).click();
  const row = finance.page.getByRole('row').filter({ hasText: p.email });
  await expect(row).toContainText('На проверке');
  await expect(row).toContainText(/60\s000,00\s₽/);
  await expectNoAxeViolations(finance.page, { serious: true });
  await row.getByRole('button', { name: /^Одобрить/ }).click();
  await expect(finance.page.getByText(/одобрен и отправлен на выплату/)).toBeVisible();
  const paymentId = /№(\d+)/.exec(
    (await finance.page.getByText(/одобрен и отправлен на выплату/).textContent()) ?? '',
  )![1];

  // The sandbox pays it out within seconds; the player's own history says so.
  await p.page.goto('/payment/history/withdrawal');
  await p.page
    .getByRole('table', { name: /История платежей/ })
    .getByRole('link', { name: 'Вывод', exact: true })
    .first()
    .click();
  await expect(p.page).toHaveURL(new RegExp(`/payment/withdrawal/${paymentId}$`));
  await expect(async () => {
    await p.page.reload();
    await expect(p.page.getByTestId('withdrawal-status')).toHaveText('Выполнен', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  // The payments list and the payment's history in the back office.
  await finance.nav.getByRole('link', { name: 'Платежи', exact: true }).click();
  await expect(finance.page.getByRole('heading', { name: 'Платежи', level: 1 })).toBeVisible();
  await finance.page.getByLabel('ID игрока').fill(String(p.id));
  await finance.page.getByRole('button', { name: 'Найти' }).click();
  const paymentRow = finance.page.getByRole('row').filter({ hasText: 'Вывод' });
  await expect(paymentRow).toHaveCount(1);
  await paymentRow.getByRole('button', { name: `Подробнее №${paymentId}` }).click();
  const dialog = finance.page.getByRole('dialog', { name: `Платёж №${paymentId}` });
  await expect(dialog.getByText('Выполнен').first()).toBeVisible();
  await expect(dialog.getByText(/На проверке → Подтверждён/)).toBeVisible();
  await expectNoAxeViolations(finance.page, { serious: true });
  await dialog.getByRole('button', { name: 'Закрыть' }).click();

  // The player's card shows their payments.
  await finance.page.goto(`${backoffice}/players/${p.id}?tab=payments`);
  await expect(finance.page.getByRole('region', { name: 'Платежи игрока' }).getByRole('row')).toHaveCount(2);

  // The payment systems screen.
  await finance.nav.getByRole('link', { name: 'Платёжные системы' }).click();
  await expect(finance.page.getByRole('cell', { name: /На банковскую карту/ }).first()).toBeVisible();
  await expectNoAxeViolations(finance.page, { serious: true });

  // The administrator's audit log names the approval.
  await admin.nav.getByRole('link', { name: 'Журнал аудита' }).click();
  await admin.page.getByLabel('ID объекта').fill(paymentId!);
  await admin.page.getByRole('button', { name: 'Найти' }).click();
  await expect(admin.page.getByRole('row').filter({ hasText: 'Одобрение вывода' })).toContainText(
    'finance@kometa.test',
  );
  await Promise.all([finance.context.close(), admin.context.close(), p.context.close()]);
});

test("risk stops a player's payments until KYC, accepts the document, and the player's cashier opens", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const p = await player(browser, 'bo-kyc');
  await p.page.goto('/verification-info');
  await p.page.getByLabel('Документ').selectOption({ label: 'Паспорт' });
  await p.page.getByLabel('Файл').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await p.page.getByRole('button', { name: 'Загрузить' }).click();
  await expect(p.page.getByRole('status')).toHaveText('Документ загружен и ждёт проверки');

  const risk = await operatorSession(browser, DEMO_OPERATORS.risk);
  await risk.nav.getByRole('link', { name: /Верификация/ }).click();
  await expect(risk.page.getByRole('heading', { name: 'Верификация', level: 1 })).toBeVisible();
  await risk.page.getByLabel('ID игрока').fill(String(p.id));
  await risk.page.getByRole('button', { name: 'Найти' }).click();
  const viewer = risk.page.getByRole('region', { name: /Документ №\d+ · Паспорт/ });
  await expect(viewer).toContainText(p.email);
  // The document itself, streamed through the operator API.
  const image = viewer.getByRole('img', { name: new RegExp(`Паспорт, игрок ${p.email}`) });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(risk.page, { serious: true });

  // Payments stop until verification: the player's cashier asks for documents.
  await viewer.getByRole('button', { name: 'Остановить платежи' }).click();
  const stop = risk.page.getByRole('dialog', { name: 'Остановить пополнения и выводы до верификации' });
  await stop.getByLabel('Причина', { exact: true }).fill('Проверка источника средств');
  await stop.getByRole('button', { name: 'Остановить платежи' }).click();
  await expect(risk.page.getByText('Платежи игрока остановлены до верификации')).toBeVisible();
  await p.page.goto('/payment/deposit');
  await expect(p.page.getByRole('heading', { name: 'Нужна проверка документов' })).toBeVisible();

  // The document is accepted: the player is verified and the cashier opens.
  await viewer.getByRole('button', { name: 'Принять' }).click();
  await expect(risk.page.getByText(/принят: игрок верифицирован, касса открыта/)).toBeVisible();
  await p.page.reload();
  await expect(p.page.getByRole('heading', { name: 'Нужна проверка документов' })).toHaveCount(0);
  await expect(p.page.getByLabel('Сумма, ₽')).toBeVisible();
  await p.page.goto('/verification-info');
  await expect(p.page.getByText('Статус: пройдена')).toBeVisible();

  // The audit log names the block, the view and the decision.
  await risk.nav.getByRole('link', { name: 'Журнал аудита' }).click();
  for (const action of ['Платежи игрока остановлены', 'Просмотр документа KYC', 'Документ KYC принят']) {
    await expect(risk.page.getByRole('row').filter({ hasText: action }).first()).toContainText(
      'risk@kometa.test',
    );
  }
  await Promise.all([risk.context.close(), p.context.close()]);
});
