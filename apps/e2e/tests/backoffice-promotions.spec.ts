import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS, expectNoAxeViolations, operatorSession } from './operators.ts';
import { registerInModal, uniqueEmail } from './players.ts';

/**
 * The site's promotions in the back office (ADR 040): marketing signs in with TOTP, writes a
 * promotion (a mistake named in Russian first), and it shows on the site's /actions/list; switched
 * off, it is gone.
 */
test('marketing writes a promotion that shows on the site, then takes it off', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const title = `Ночной марафон ${run}`;
  const slug = `night-${run}`;

  const marketing = await operatorSession(browser, DEMO_OPERATORS.marketing);
  await marketing.nav.getByRole('link', { name: 'Акции' }).click();
  await expect(marketing.page.getByRole('heading', { name: 'Акции' })).toBeVisible();
  await expectNoAxeViolations(marketing.page);
  await marketing.page.getByRole('link', { name: 'Новая акция' }).click();
  const form = marketing.page.getByRole('form', { name: 'Новая акция' });
  await form.getByLabel('Заголовок').fill(title);
  await form.getByLabel('Коротко, для карточки').fill('Крутите слоты ночью — кешбэк 15 % до утра.');
  await form
    .getByLabel('Описание (абзац на строку)')
    .fill('С 00:00 до 06:00 по Москве.\nКешбэк приходит утром.');
  await form.getByLabel('Правила (пункт на строку)').fill('Считаются ставки в слотах.\nКешбэк без отыгрыша.');
  await form.getByLabel('Плашка на картинке').fill('Ночью');
  await form.getByLabel('Текст кнопки').fill('Играть');
  await form.getByLabel('Адрес на сайте').fill('Ночь!');
  await form.getByRole('button', { name: 'Создать акцию' }).click();
  // The server names the mistake in Russian, under its field.
  await expect(form.getByText('Адрес: от 1 до 64 строчных латинских букв, цифр и дефисов')).toBeVisible();
  await form.getByLabel('Адрес на сайте').fill(slug);
  await expectNoAxeViolations(marketing.page);
  await form.getByRole('button', { name: 'Создать акцию' }).click();
  await expect(marketing.page.getByRole('heading', { name: /^Акция №\d+$/ })).toBeVisible();
  await expect(marketing.page.getByText('На сайте', { exact: true })).toBeVisible();

  // A player (never served the guests' cached list) finds it on /actions/list and opens it.
  await page.goto('/#register');
  await registerInModal(page, uniqueEmail('bo-promo'));
  await page.goto('/actions/list');
  const card = page.getByTestId('promotion-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Ночью');
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('promotion-detail')).toContainText('Кешбэк приходит утром.');

  // Switched off in the back office: gone from the site.
  await marketing.page.getByRole('button', { name: 'Выключить' }).click();
  await expect(marketing.page.getByText('Выключена', { exact: true })).toBeVisible();
  await page.goto('/actions/list');
  await expect(page.getByTestId('promotion-card').filter({ hasText: title })).toHaveCount(0);
  await marketing.context.close();
});
