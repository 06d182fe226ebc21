import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { closeWelcomePackWhenShown, registerInModal, uniqueEmail } from './players.ts';

/** Russian typography as the site writes it: no break inside a sum or before its sign. */
const nb = (text: string) => text.replace(/(\d) (?=\d)/g, '$1\u00a0').replace(/ (₽|%)/g, '\u00a0$1');

/** No serious or critical accessibility violation on the page as it is now (dialogs included). */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
  ).toEqual([]);
}

test('a guest opens the promotions from the header, reads one and sees the tournament coming', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  if (isMobile) {
    // On a phone the home page shows the promotions in a row; «Все акции» opens the list.
    await page.getByRole('region', { name: 'Акции' }).getByRole('link', { name: 'Все акции' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Акции' })
      .click();
  }
  await expect(page).toHaveURL(/\/actions\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Акции' })).toBeVisible();
  const cards = page.getByTestId('promotion-card');
  await expect(cards).toHaveCount(5);
  const welcome = cards.filter({ hasText: 'Приветственный пакет' });
  await expect(welcome).toContainText(/до \d\d\.\d\d\.\d{4}/);
  await expect(welcome.getByRole('link', { name: 'Сделать депозит' })).toHaveAttribute(
    'href',
    '/payment/deposit',
  );
  await expect(welcome.locator('img')).toHaveJSProperty('complete', true);
  expect(await welcome.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
    0,
  );
  const tournament = cards.filter({ hasText: 'Турнир «Звёздные барабаны»' });
  await expect(tournament).toContainText('Скоро');
  await expect(tournament).toContainText(/с \d\d\.\d\d\.\d{4} до \d\d\.\d\d\.\d{4}/);
  await expectAccessible(page, '/actions/list');

  await cards.filter({ hasText: 'KOMETA' }).getByRole('link', { name: 'Подробнее' }).click();
  await expect(page).toHaveURL(/\/actions\/promo-kometa$/);
  const detail = page.getByTestId('promotion-detail');
  await expect(detail.getByRole('heading', { level: 1 })).toHaveText(nb('500 ₽ по промокоду KOMETA'));
  const terms = detail.getByRole('region', { name: 'Условия акции' }).getByRole('listitem');
  await expect(terms).toHaveCount(3);
  await expect(detail.getByRole('link', { name: 'Ввести промокод' })).toHaveAttribute('href', '/gifts/promo');
  await expectAccessible(page, '/actions/promo-kometa');

  // A claimable promotion asks a guest to log in first.
  await page.goto('/actions/weekly-spins');
  await expect(page.getByRole('link', { name: 'Войдите, чтобы забрать подарок' })).toBeVisible();
  // An unknown promotion is a 404 page.
  const missing = await page.goto('/actions/no-such-promotion');
  expect(missing?.status()).toBe(404);
});

test('a player redeems NABOR, chooses 2 of 4, gets the two gifts offered, and cannot choose again', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/#register');
  await registerInModal(page, uniqueEmail('nabor'));

  await page.goto('/gifts/promo');
  await page.getByRole('textbox', { name: 'Промокод' }).fill('nabor');
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByTestId('gift-card')).toContainText('Набор новичка: выберите 2 из 4');

  await page.goto('/gifts');
  // A second tab, left open on the same list: its choice comes too late.
  const stale = await context.newPage();
  await closeWelcomePackWhenShown(stale);
  await stale.goto('/gifts');

  // Beside the welcome pack's and the phone's gifts every new player holds: the box of NABOR.
  const offeredCards = page.getByTestId('gifts-offered').getByTestId('gift-card');
  const box = offeredCards.filter({ hasText: 'Набор новичка' });
  await expect(box).toHaveCount(1);
  await expect(box).toContainText('Набор подарков');
  await expect(box).toContainText('2 из 4 подарка на выбор');
  await box.getByRole('button', { name: 'Выбрать подарки' }).click();
  const dialog = page.getByRole('dialog', { name: 'Набор новичка: выберите 2 из 4' });
  await expect(dialog.getByTestId('composite-item')).toHaveCount(4);
  await expect(dialog.getByTestId('composite-counter')).toHaveText('выбрано 0 из 2');
  const confirm = dialog.getByRole('button', { name: /Подтвердить выбор|Получить 2 подарка/ });
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId('composite-item').filter({ hasText: '300 ₽ на бонусный счёт' }).click();
  await expect(dialog.getByTestId('composite-counter')).toHaveText('выбрано 1 из 2');
  await dialog.getByTestId('composite-item').filter({ hasText: '50 фриспинов' }).click();
  await expect(dialog.getByTestId('composite-counter')).toHaveText('выбрано 2 из 2');
  await expectAccessible(page, 'the composite dialog');
  // A third cannot be ticked while two are.
  await expect(dialog.getByRole('checkbox', { name: /Фрибет 500 ₽/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Получить 2 подарка' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Готово' })).toHaveText(
    'Готово! 2 подарка ждут вас среди доступных.',
  );

  // The box gave way to the two gifts chosen.
  const offered = page.getByTestId('gifts-offered').getByTestId('gift-card');
  await expect(offered.filter({ hasText: 'Набор новичка' })).toHaveCount(0);
  await expect(offered.filter({ hasText: '300 ₽ на бонусный счёт' })).toHaveCount(1);
  await expect(offered.filter({ hasText: '50 фриспинов' })).toHaveCount(1);
  await expect(
    offered
      .filter({ hasText: /300 ₽ на бонусный счёт|50 фриспинов/ })
      .getByRole('button', { name: 'Получить' }),
  ).toHaveCount(2);

  // The other tab still shows the box; choosing there is refused with the reason.
  await stale.getByTestId('gifts-offered').getByRole('button', { name: 'Выбрать подарки' }).click();
  const late = stale.getByRole('dialog', { name: 'Набор новичка: выберите 2 из 4' });
  await late.getByTestId('composite-item').filter({ hasText: 'Фрибет 500 ₽' }).click();
  await late.getByTestId('composite-item').filter({ hasText: '1 000 баллов' }).click();
  await late.getByRole('button', { name: 'Получить 2 подарка' }).click();
  await expect(late.getByRole('alert')).toHaveText('Подарки из этого набора уже выбраны');
  await stale.close();
  await page.reload();
  const after = page.getByTestId('gifts-offered').getByTestId('gift-card');
  await expect(after.filter({ hasText: /300 ₽ на бонусный счёт|50 фриспинов/ })).toHaveCount(2);
  await expect(after.filter({ hasText: 'Набор новичка' })).toHaveCount(0);
});
