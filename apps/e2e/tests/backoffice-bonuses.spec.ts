import { expect, test, type Locator } from '@playwright/test';
import { registerInModal, uniqueEmail } from './players.ts';
import { DEMO_OPERATORS, expectNoAxeViolations, operatorSession } from './operators.ts';

/**
 * Bonuses in the back office (ADR 033), as three operators click them: marketing creates an offer and a
 * promo code; the code works on the player site; finance grants a bonus by hand with a reason and the
 * player finds it on /gifts; the administrator finds every change in the audit log. The demo operators'
 * secrets are published in the README.
 */

/** Picks the option whose text names the offer. */
async function choose(select: Locator, text: string) {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value!);
}

test('marketing makes an offer and a code, the player redeems it; finance grants by hand; all audited', async ({
  browser,
  page,
}) => {
  // Three operators sign in, each perhaps waiting for a fresh TOTP period (30 s) after the last journey.
  test.setTimeout(300_000);
  const run = Date.now().toString(36).toUpperCase();
  const title = `Осенний бонус ${run}`;
  const code = `AUTUMN${run}`;

  // Marketing: a new offer with its rules, then a promo code for it.
  const marketing = await operatorSession(browser, DEMO_OPERATORS.marketing);
  await expect(marketing.nav.getByRole('link', { name: 'Операторы' })).toHaveCount(0);
  await marketing.nav.getByRole('link', { name: 'Бонусы' }).click();
  await expect(marketing.page.getByRole('heading', { name: 'Бонусные предложения' })).toBeVisible();
  await expectNoAxeViolations(marketing.page);
  await marketing.page.getByRole('link', { name: 'Новое предложение' }).click();
  const form = marketing.page.getByRole('form', { name: 'Новое предложение' });
  await form.getByLabel('Название').fill(title);
  // Without the amount the server answers in Russian under the field.
  await form.getByLabel('Условия (игрок читает их до получения)').fill('Вейджер ×10 за 7 дней.');
  await form.getByRole('button', { name: 'Создать предложение' }).click();
  await expect(form.getByText('Укажите сумму бонуса')).toBeVisible();
  await form.getByLabel('Сумма бонуса, ₽').fill('300');
  await form.getByLabel('Вейджер, ×').fill('10');
  await form.getByLabel('Слоты').fill('100');
  await expectNoAxeViolations(marketing.page);
  await form.getByRole('button', { name: 'Создать предложение' }).click();
  await expect(marketing.page.getByRole('heading', { name: /^Предложение №\d+$/ })).toBeVisible();
  await expect(marketing.page.getByTestId('net-cost')).toHaveText(/^0,00\s₽$/);

  await marketing.nav.getByRole('link', { name: 'Промокоды' }).click();
  await marketing.page.getByRole('button', { name: 'Новый промокод' }).click();
  const dialog = marketing.page.getByRole('dialog', { name: 'Новый промокод' });
  await dialog.getByLabel('Код').fill(code.toLowerCase());
  await dialog.getByLabel('Лимит активаций').fill('50');
  await choose(dialog.getByRole('combobox', { name: 'Предложение' }), title);
  await dialog.getByRole('button', { name: 'Новый промокод' }).click();
  await expect(marketing.page.getByTestId(`uses-${code}`)).toHaveText('0 / 50');
  await expectNoAxeViolations(marketing.page);

  // The player redeems the code on the site.
  const email = uniqueEmail('bo-bonus');
  await page.goto('/#register');
  await registerInModal(page, email);
  await page.goto('/gifts/promo');
  await page.getByRole('textbox', { name: 'Промокод' }).fill(code);
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByRole('heading', { name: 'Промокод принят! Ваш подарок:' })).toBeVisible();
  await expect(page.getByTestId('gift-card')).toContainText(title);
  await marketing.page.reload();
  await expect(marketing.page.getByTestId(`uses-${code}`)).toHaveText('1 / 50');
  await marketing.context.close();

  // Finance grants the same offer by hand with a reason, on the player's "Бонусы" tab.
  const finance = await operatorSession(browser, DEMO_OPERATORS.finance);
  await finance.nav.getByRole('link', { name: 'Игроки' }).click();
  await finance.page.getByLabel('ID, e-mail, телефон, имя или реквизиты').fill(email);
  await finance.page.getByRole('button', { name: 'Найти' }).click();
  await finance.page.getByRole('link', { name: 'Открыть' }).click();
  await finance.page.getByRole('tab', { name: 'Бонусы' }).click();
  await expect(finance.page.getByRole('table', { name: 'Подарки игрока' })).toContainText(title);
  await choose(finance.page.getByRole('combobox', { name: 'Предложение' }), title);
  await finance.page.getByRole('textbox', { name: 'Причина' }).fill('Компенсация по обращению 5120');
  await expectNoAxeViolations(finance.page);
  await finance.page.getByRole('button', { name: 'Начислить' }).click();
  await expect(finance.page.getByRole('status').filter({ hasText: 'Бонус начислен' }).first()).toBeVisible();
  await expect(finance.page.getByRole('table', { name: 'Подарки игрока' }).getByText(title)).toHaveCount(2);
  await finance.context.close();

  // The player finds the granted gift on /gifts, beside the one the code gave.
  await page.goto('/gifts');
  await expect(
    page.getByTestId('gifts-offered').getByTestId('gift-card').filter({ hasText: title }),
  ).toHaveCount(2);

  // The administrator finds each change in the audit log.
  const admin = await operatorSession(browser, DEMO_OPERATORS.admin);
  await admin.nav.getByRole('link', { name: 'Журнал аудита' }).click();
  const table = admin.page.getByRole('table', { name: 'Журнал аудита' });
  await expect(table.getByRole('row').filter({ hasText: 'Создание предложения' }).first()).toContainText(
    'marketing@kometa.test',
  );
  await expect(table.getByRole('row').filter({ hasText: 'Создание промокода' }).first()).toContainText(
    'marketing@kometa.test',
  );
  await expect(table.getByRole('row').filter({ hasText: 'Начисление бонуса вручную' }).first()).toContainText(
    'finance@kometa.test',
  );
  await admin.context.close();
});
