/// <reference lib="dom" />
/**
 * Screenshots of the welcome pack (ADR 034) at a phone's and a desktop's size, against a running
 * stack (`tools/start.ts` on SHOTS_SITE): the welcome modal, the first-deposit banner, the deposit
 * with the welcome gift's terms open, and the phone-confirmation gift's page. Not a test.
 *   SHOTS_SITE=http://127.0.0.1:42300 node --import tsx apps/e2e/shots/welcome.ts
 */
import { expect } from '@playwright/test';
import { submitRegistration, uniqueEmail } from '../tests/players.ts';
import { env, launch, playerPage, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:42300';
const out = env.SHOTS_DIR ?? '/work/shots/welcome';

const shot = shooter(out, 500);

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  await page.goto(`${site}/#register`);
  await submitRegistration(
    page.getByRole('dialog', { name: 'Регистрация' }),
    uniqueEmail(`welcome-${size.name}`),
    {
      welcomePack: 'keep',
    },
  );
  const modal = page.getByRole('dialog', { name: 'Приветственный пакет' });
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await shot(page, size.name, 'welcome-modal');
  await modal.getByRole('link', { name: /Пополнить и получить/ }).click();
  await page.waitForURL(/\/payment\/deposit/);
  const deposit = page.url();

  await page.goto(`${site}/`);
  await expect(page.getByTestId('first-deposit-banner')).toBeVisible();
  await shot(page, size.name, 'first-deposit-banner');
  await page.goto(`${site}/games`);
  await expect(page.getByTestId('first-deposit-banner')).toBeVisible();
  await shot(page, size.name, 'first-deposit-banner-lobby');

  await page.goto(deposit);
  await shot(page, size.name, 'deposit-welcome-gift');

  const card = page
    .getByTestId('gifts-offered')
    .getByTestId('gift-card')
    .filter({ hasText: '300 ₽ за подтверждение телефона' });
  await expect(async () => {
    await page.goto(`${site}/gifts`);
    await expect(card).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await card.getByRole('button', { name: 'Получить' }).click();
  const terms = page.getByRole('dialog', { name: '300 ₽ за подтверждение телефона' });
  await terms.getByRole('button', { name: 'Принимаю условия, получить' }).click();
  await expect(terms.getByRole('link', { name: 'Подтвердить телефон' })).toBeVisible();
  await shot(page, size.name, 'phone-gift-locked');
  await terms.getByRole('link', { name: 'Подтвердить телефон' }).click();
  await page.waitForURL(/phone-confirmation-gift/);
  await shot(page, size.name, 'phone-gift-phone');
  const digits = String(Date.now()).slice(-7);
  await page.getByLabel('Номер телефона').fill(`+7 900 ${digits}`);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByLabel('Код из СМС')).toBeVisible();
  await shot(page, size.name, 'phone-gift-code');
  await context.close();
}
await browser.close();
