import { expect, test } from '@playwright/test';
import { e2eConfig } from '../config.ts';
import {
  backoffice,
  DEMO_OPERATORS,
  expectNoAxeViolations,
  operatorSession,
  signInWithTotp,
} from './operators.ts';
import { PASSWORD, uniqueEmail } from './players.ts';

/**
 * The back office (ADR 028), as two operators click it: a finance operator signs in with TOTP and files
 * a balance adjustment above the four-eyes threshold; the administrator approves it; the player's
 * balance shows it, and the audit log names both. The demo operators' secrets are published in the
 * README.
 */
const site = `http://localhost:${e2eConfig.sitePort}`;

test('a four-eyes balance adjustment: filed by finance, approved by the administrator, audited', async ({
  browser,
  request,
}) => {
  // Finance signs in with TOTP (perhaps waiting for a fresh 30 s period), the administrator's session goes on.
  test.setTimeout(180_000);
  const email = uniqueEmail('four-eyes');
  const registered = await request.post(`${site}/api/v18/registration`, {
    data: { email, password: PASSWORD, birthday: { day: 15, month: 5, year: 1990 }, agreeRules: true },
  });
  expect(registered.status()).toBe(200);

  // The player site never passes operator calls on (the back office has its own origin).
  expect((await request.get(`${site}/api/admin/session`)).headers()['content-type']).not.toContain('json');

  const financeContext = await browser.newContext({ locale: 'ru-RU' });
  const finance = await financeContext.newPage();
  await finance.goto(`${backoffice}/login`);
  await expectNoAxeViolations(finance);
  await signInWithTotp(finance, DEMO_OPERATORS.finance);
  await expectNoAxeViolations(finance);
  // Finance sees players and approvals, never operators or the audit log.
  const nav = finance.getByRole('navigation', { name: 'Разделы' });
  await expect(nav.getByRole('link', { name: 'Игроки' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Операторы' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Журнал аудита' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Игроки' }).click();
  await finance.getByLabel('ID, e-mail, телефон, имя или реквизиты').fill(email);
  await finance.getByRole('button', { name: 'Найти' }).click();
  await finance.getByRole('link', { name: 'Открыть' }).click();
  await expect(finance.getByTestId('real-RUB')).toHaveText(/^0,00\s₽$/);
  await finance.getByLabel('Сумма').fill('2 500,00');
  await finance.getByLabel('Причина').fill('Компенсация по обращению 4711');
  await finance.getByRole('button', { name: 'Провести корректировку' }).click();
  await expect(
    finance.getByRole('status').filter({ hasText: 'отправлен на подтверждение' }).first(),
  ).toBeVisible();
  await expect(finance.getByTestId('real-RUB')).toHaveText(/^0,00\s₽$/);
  const playerUrl = finance.url();

  const { context: adminContext, page: admin } = await operatorSession(browser, DEMO_OPERATORS.admin);
  await admin
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Подтверждения' })
    .click();
  const row = admin.getByRole('row').filter({ hasText: 'Компенсация по обращению 4711' });
  await expect(row).toContainText(/\+2\s500,00\s₽/);
  await row.getByRole('button', { name: /^Подтвердить/ }).click();
  await expect(row).toContainText('Подтверждён');

  // The player's balance now holds the money.
  await finance.goto(playerUrl);
  await expect(finance.getByTestId('real-RUB')).toHaveText(/^2\s500,00\s₽$/);

  // The audit log names the request, the approval and the balance change.
  await admin
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Журнал аудита' })
    .click();
  await expect(admin.getByRole('heading', { name: 'Журнал аудита' })).toBeVisible();
  const table = admin.getByRole('table', { name: 'Журнал аудита' });
  await expect(table.getByRole('row').filter({ hasText: 'Корректировка баланса' }).first()).toContainText(
    'admin@kometa.test',
  );
  await expect(table.getByRole('row').filter({ hasText: 'Подтверждение запроса' }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Запрос подтверждения' }).first()).toContainText(
    'finance@kometa.test',
  );
  await expectNoAxeViolations(admin);

  await financeContext.close();
  await adminContext.close();
});
