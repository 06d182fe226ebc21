import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS, expectNoAxeViolations, operatorSession } from './operators.ts';

/**
 * Reports and the dashboard (ADR 039), as the demo's finance operator uses them: TOTP sign-in, the
 * dashboard's figures, queues and alerts, the reports with their charts, a change of period, a CSV
 * export, the reconciliation and the responsible-gaming tab; axe finds nothing on any of them.
 */
test('finance opens the dashboard and the reports, changes the period and exports CSV', async ({
  browser,
}) => {
  const { context, page } = await operatorSession(browser, DEMO_OPERATORS.finance);

  // The dashboard: today's money, the queues and the alerts (the demo's reconciliation difference).
  await expect(page.getByRole('heading', { name: 'Сегодня' })).toBeVisible();
  await expect(page.getByText('Сверка: Платёжный провайдер — 1 расхождение')).toBeVisible();
  await expect(page.getByText('Выводы ждут')).toBeVisible();
  await expect(page.getByText('Документы на проверке')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Сигналы' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The reports: figures, charts, the period changed, a CSV downloaded.
  await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Отчёты' }).click();
  await expect(page.getByRole('heading', { name: 'Отчёты' })).toBeVisible();
  await expect(page.getByText('Депозиты и выводы по дням')).toBeVisible();
  await expect(page.locator('.kpi').first()).toContainText('Депозиты');
  await page.getByRole('radio', { name: '7 дней' }).click();
  await expect(page.getByRole('radio', { name: '7 дней' })).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(page.locator('.kpi').first()).toContainText('₽');
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: 'По играм' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^report-games-RUB-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

  // The reconciliation and responsible gaming.
  await page.getByRole('button', { name: 'Сверка' }).click();
  await expect(page.getByText('Платёжный провайдер', { exact: true })).toBeVisible();
  await expect(page.getByText('Игровой сервер', { exact: true })).toBeVisible();
  // The demo's payment the provider settled and the ledger never got is listed.
  await expect(page.getByRole('cell', { name: 'Нет в книге' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Ответственная игра' }).click();
  await expect(page.getByRole('heading', { name: 'Лимиты' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The ledger's entries.
  await page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Главная книга' })
    .click();
  await expect(page.getByRole('heading', { name: 'Главная книга' })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
