/// <reference lib="dom" />
/**
 * Screenshots of the bonus screens (issue 17) at a phone's and a desktop's size, against a running
 * stack (`tools/start.ts` on SHOTS_SITE, default http://127.0.0.1:39410). Not a test: a player is
 * walked through the screens and each is saved under SHOTS_DIR.
 *   node --import tsx apps/e2e/shots/gifts.ts
 */
import { expect } from '@playwright/test';
import { uniqueEmail } from '../tests/players.ts';
import { confirmEmail, env, launch, playDice, playerPage, register, shooter, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:39410';
const out = env.SHOTS_DIR ?? '/work/shared/screenshots/gifts';
const only = env.SHOTS_ONLY;

const shot = shooter(out);

const browser = await launch();
for (const size of sizes) {
  if (only && only !== size.name) continue;
  const { context, page } = await playerPage(browser, size, site);
  const email = uniqueEmail(`shots-${size.name}`);
  await register(page, site, email);
  await confirmEmail(page, site, email);

  await page.goto(`${site}/gifts`);
  await shot(page, size.name, '01-gifts-empty');

  await page.goto(`${site}/gifts/promo`);
  await page.getByRole('textbox', { name: 'Промокод' }).fill('  NOSUCHCODE ');
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await shot(page, size.name, '02-promo-refused');
  await page.getByRole('textbox', { name: 'Промокод' }).fill(' kometa ');
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByText('Промокод принят')).toBeVisible();
  await shot(page, size.name, '03-promo-accepted', true);
  await page.getByRole('button', { name: 'Получить' }).click();
  await expect(page.getByTestId('gift-terms')).toBeVisible();
  await shot(page, size.name, '04-terms');
  await page.getByRole('button', { name: 'Принимаю условия, получить' }).click();
  await expect(page.getByTestId('gifts-current')).toBeVisible();

  await page.goto(`${site}/gifts/promo`);
  await page.getByRole('textbox', { name: 'Промокод' }).fill('WELCOME');
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByText('Промокод принят')).toBeVisible();
  await page.goto(`${site}/gifts?tab=offered`);
  await shot(page, size.name, '05-gifts-offered', true);

  await playDice(page, site, 6);
  await page.goto(`${site}/gifts?tab=current`);
  await shot(page, size.name, '06-gifts-current', true);

  await page.goto(`${site}/games`);
  await page.getByRole('button', { name: /Баланс/ }).click();
  await expect(page.getByTestId('wallet-details')).toBeVisible();
  await shot(page, size.name, '07-header-wagering');

  await page.goto(`${site}/payment/withdrawal`);
  await expect(page.getByTestId('forfeit-notice')).toBeVisible();
  await shot(page, size.name, '08-withdrawal-notice', true);
  await page.getByLabel('Сумма, ₽').fill('500');
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Вывести', exact: true }).click();
  await expect(page.getByTestId('forfeit-confirm')).toBeVisible();
  await shot(page, size.name, '09-withdrawal-refused-confirm');
  await page.getByRole('button', { name: 'Оставить бонус' }).click();

  await page.goto(`${site}/payment/deposit`);
  await page.getByTestId('deposit-gift').first().click();
  await page.getByRole('button', { name: 'Принимаю условия, получить' }).click();
  await expect(page.getByText('Активирован')).toBeVisible();
  const toGiftStep = () =>
    page.evaluate(() => {
      const step = document.querySelector('[data-testid="deposit-gifts"]');
      window.scrollTo(0, (step?.getBoundingClientRect().top ?? 0) + window.scrollY - 80);
    });
  await page.getByLabel('Сумма, ₽').fill('300');
  await toGiftStep();
  await shot(page, size.name, '10-deposit-below-minimum');
  await page.getByLabel('Сумма, ₽').fill('2 500');
  await expect(page.getByTestId('deposit-estimate')).toContainText('бонуса');
  await toGiftStep();
  await shot(page, size.name, '11-deposit-gift');

  await page.goto(`${site}/gifts?tab=current`);
  await page
    .getByTestId('gift-card')
    .filter({ hasText: 'Отыгрывается' })
    .getByRole('button', { name: 'Отказаться от бонуса' })
    .click();
  await expect(page.getByTestId('cancel-consequences')).toBeVisible();
  await shot(page, size.name, '12-cancel-confirm');
  await page.getByRole('button', { name: 'Да, отказаться' }).click();
  await expect(page.getByText('Вы отказались от бонуса')).toBeVisible();
  await page.getByRole('button', { name: 'Отказаться от бонуса' }).first().click();
  await page.getByRole('button', { name: 'Да, отказаться' }).click();
  await expect(page.getByTestId('gifts-empty')).toBeVisible();
  await page.goto(`${site}/gifts?tab=history`);
  await shot(page, size.name, '13-gifts-history', true);
  await context.close();
}
await browser.close();
