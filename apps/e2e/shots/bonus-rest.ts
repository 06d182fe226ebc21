/// <reference lib="dom" />
/**
 * Screenshots of ADR 040's screens against a running stack (`tools/start.ts`): the site's
 * registration promo-code notice and extended-profile popup (phone and desktop), and the back
 * office's promotions list and editor and the cashback offer form (desktop). Not a test.
 *   SHOTS_SITE=… SHOTS_BACKOFFICE=… SHOTS_DIR=/tmp/shots node --import tsx apps/e2e/shots/bonus-rest.ts
 */
import { expect } from '@playwright/test';
import { generate } from 'otplib';
import { submitRegistration, uniqueEmail } from '../tests/players.ts';
import { env, launch, playerPage, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://localhost:39300';
const backoffice = env.SHOTS_BACKOFFICE ?? 'http://127.0.0.1:39302';
const out = env.SHOTS_DIR ?? '/tmp/shots';
const shot = shooter(out);

const browser = await launch();
for (const size of env.SHOTS_ONLY_BO ? [] : sizes) {
  // A mistyped code at registration.
  {
    const { context, page } = await playerPage(browser, size, site);
    await page.goto(`${site}/#register`);
    const form = page.getByRole('dialog', { name: 'Регистрация' });
    await form.getByText('Есть промокод?').click();
    await form.getByRole('textbox', { name: 'Промокод' }).fill('KOMETA2026');
    await submitRegistration(form, uniqueEmail('shot-promo'), { welcomePack: 'keep' });
    const notice = page.getByRole('dialog', { name: 'Промокод не сработал' });
    await expect(notice).toBeVisible();
    await shot(page, size.name, 'promo-notice');
    await notice.getByRole('textbox', { name: 'Промокод' }).fill('KOMETA');
    await notice.getByRole('button', { name: 'Активировать' }).click();
    await expect(notice.getByRole('status')).toBeVisible();
    await shot(page, size.name, 'promo-notice-accepted');
    await context.close();
  }
  // The extended-profile popup.
  {
    const { context, page } = await playerPage(browser, size, site);
    await page.clock.install();
    await page.goto(`${site}/#register`);
    await submitRegistration(page.getByRole('dialog', { name: 'Регистрация' }), uniqueEmail('shot-profile'), {
      welcomePack: 'keep',
    });
    const welcome = page.getByRole('dialog', { name: 'Приветственный пакет' });
    await welcome.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
    if (await welcome.isVisible()) await welcome.getByRole('button', { name: 'Позже' }).click();
    await page.clock.fastForward('01:05');
    const popup = page.getByRole('dialog', { name: 'Подарок за заполненный профиль' });
    await expect(popup).toBeVisible();
    await shot(page, size.name, 'profile-popup');
    await popup.getByLabel('Фамилия').fill('И');
    await popup.getByLabel('Индекс').fill('12');
    await popup.getByRole('button', { name: 'Сохранить и получить подарок' }).click();
    await expect(popup.getByText('Заполните это поле').first()).toBeVisible();
    await shot(page, size.name, 'profile-popup-errors');
    await popup.getByLabel('Фамилия').fill('Иванова');
    await popup.getByLabel('Имя', { exact: true }).fill('Мария');
    await popup.getByLabel('Страна').selectOption({ label: 'Армения' });
    await popup.getByLabel('Город').fill('Ереван');
    await popup.getByLabel('Адрес').fill('ул. Абовяна, д. 12, кв. 5');
    await popup.getByLabel('Индекс').fill('0010');
    await popup.getByRole('button', { name: 'Сохранить и получить подарок' }).click();
    await expect(page.getByRole('dialog', { name: 'Профиль заполнен' })).toBeVisible();
    await shot(page, size.name, 'profile-popup-done');
    await context.close();
  }
}

// The back office, at a desk.
{
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto(`${backoffice}/login`);
  await page.getByLabel('E-mail').fill('marketing@kometa.test');
  await page.getByLabel('Пароль').fill('kometa-demo-marketing');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByLabel('Код').fill(await generate({ secret: 'GS7BRTML6MQOMCPFZP73RHCSPTYH6KCE' }));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
  await page.goto(`${backoffice}/promotions`);
  await expect(page.getByRole('heading', { name: 'Акции' })).toBeVisible();
  await shot(page, 'desktop', 'bo-promotions', true);
  await page.getByRole('link', { name: 'Новая акция' }).click();
  const form = page.getByRole('form', { name: 'Новая акция' });
  await form.getByLabel('Заголовок').fill('Ночной марафон');
  await form.getByLabel('Коротко, для карточки').fill('Крутите слоты ночью — кешбэк 15 % до утра.');
  await form.getByLabel('Плашка на картинке').fill('Ночью');
  await form.getByLabel('Текст кнопки').fill('Играть');
  await form.getByLabel('Адрес на сайте').fill('Ночь!');
  await form.getByRole('button', { name: 'Создать акцию' }).click();
  await expect(form.getByText('Адрес: от 1 до 64')).toBeVisible();
  await shot(page, 'desktop', 'bo-promotion-new', true);
  await page.goto(`${backoffice}/promotions`);
  await page.getByRole('link', { name: 'Кешбэк 10 % каждую неделю' }).click();
  await expect(page.getByRole('heading', { name: /^Акция №\d+$/ })).toBeVisible();
  await shot(page, 'desktop', 'bo-promotion-edit', true);
  await page.goto(`${backoffice}/offers/new`);
  await page
    .getByLabel('Вид')
    .selectOption({ label: 'Кешбэк' })
    .catch(() => undefined);
  await shot(page, 'desktop', 'bo-cashback-offer', true);
  await context.close();
}
await browser.close();
