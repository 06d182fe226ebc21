/// <reference lib="dom" />
/**
 * Screenshots of the bonus journey (issue 17) at a phone's and a desktop's size, against a running
 * stack (`tools/start.ts` on SHOTS_SITE, default http://127.0.0.1:39410): the registration form with
 * its promo code, the deposit's gift step, the bonus converted in the history. Not a test.
 *   node --import tsx apps/e2e/shots/bonus-journey.ts
 */
import { expect } from '@playwright/test';
import { uniqueEmail } from '../tests/players.ts';
import { confirmEmail, env, launch, playDice, playerPage, register, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:39410';
const out = env.SHOTS_DIR ?? '/work/shared/screenshots/bonus-journey';

const shot = shooter(out);

const browser = await launch();
for (const size of sizes) {
  const { context, page } = await playerPage(browser, size, site);
  const email = uniqueEmail(`shots-${size.name}`);
  await page.goto(`${site}/#register`);
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(dialog).toBeVisible();
  await shot(page, size.name, '01-registration-promo-closed');
  await dialog.getByText('Есть промокод?').click();
  await dialog.getByRole('textbox', { name: 'Промокод' }).fill('START');
  await shot(page, size.name, '02-registration-promo-open');
  await register(page, site, email, true);
  await confirmEmail(page, site, email);
  const gift = page.getByTestId('deposit-gift');
  await expect(async () => {
    await page.goto(`${site}/payment/deposit`);
    await expect(gift).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, size.name, '03-deposit-gift-offered');
  await gift.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Принимаю условия, получить' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(gift).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('Сумма, ₽').fill('500');
  await expect(page.getByTestId('deposit-estimate')).toBeVisible();
  await shot(page, size.name, '04-deposit-gift-taken');
  await page.getByRole('button', { name: 'Пополнить', exact: true }).click();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByRole('heading', { name: 'Баланс пополнен' })).toBeVisible();
  await playDice(page, site, 2);
  await page.goto(`${site}/gifts?tab=history`);
  await expect(page.getByText('Переведено в реальные деньги')).toBeVisible();
  await shot(page, size.name, '05-history-converted');
  await context.close();
}
await browser.close();
