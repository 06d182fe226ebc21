import { expect, test, type Browser } from '@playwright/test';
import { e2eConfig } from '../config.ts';
import { closeWelcomePackWhenShown, loginInModal, PASSWORD, uniqueEmail } from './players.ts';
import { DEMO_OPERATORS, expectNoAxeViolations, operatorSession } from './operators.ts';

/**
 * The player card in the back office (issue 18 item 2, ADR 045), as risk clicks it: labels a player
 * VIP (the label shows in the list and its filter), ends the player's session (the player's page then
 * asks them to sign in), adds a note (author and time shown), and looks at rounds and limits; each tab
 * has no serious axe violation and is photographed at 1440×900 (into the test's output folder).
 */
const site = `http://localhost:${e2eConfig.sitePort}`;

async function signedInPlayer(browser: Browser) {
  const email = uniqueEmail('bo-card');
  const context = await browser.newContext({ locale: 'ru-RU', baseURL: site });
  await context.addCookies([{ name: 'kometa_cookie_notice', value: '0', url: site }]);
  const page = await context.newPage();
  await closeWelcomePackWhenShown(page);
  const registered = await page.request.post(`${site}/api/v18/registration`, {
    data: { email, password: PASSWORD, birthday: { day: 15, month: 5, year: 1990 }, agreeRules: true },
  });
  expect(registered.status()).toBe(200);
  await page.goto('/#authorization');
  await loginInModal(page, email);
  return { email, page, context };
}

test('risk labels a player, ends their session, adds a note; every tab passes axe', async ({ browser }) => {
  test.setTimeout(180_000);
  const player = await signedInPlayer(browser);
  const risk = await operatorSession(browser, DEMO_OPERATORS.risk);
  const { page } = risk;

  await risk.nav.getByRole('link', { name: 'Игроки' }).click();
  await page.getByLabel('ID, e-mail, телефон, имя или реквизиты').fill(player.email);
  await page.getByRole('button', { name: 'Найти' }).click();
  await page.getByRole('link', { name: 'Открыть' }).click();

  // Labels: VIP on, shown on the card; the list filtered by VIP finds the player with the badge.
  const labels = page.getByRole('group', { name: 'Метки' });
  await labels.getByRole('button', { name: 'VIP' }).click();
  await expect(labels.getByRole('button', { name: 'VIP' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Метка «VIP» поставлена')).toBeVisible();
  await expectNoAxeViolations(page, { serious: true });
  await page.screenshot({ path: test.info().outputPath('balances-labels.png') });
  const cardUrl = page.url();
  await risk.nav.getByRole('link', { name: 'Игроки' }).click();
  await page.getByLabel('ID, e-mail, телефон, имя или реквизиты').fill(player.email);
  await page.getByLabel('Метка').selectOption({ label: 'VIP' });
  await page.getByRole('button', { name: 'Найти' }).click();
  const row = page.getByRole('row').filter({ hasText: player.email });
  await expect(row).toContainText('VIP');
  await page.goto(cardUrl);

  // Sessions: registration's and the browser's; the browser's (used last, listed first) is ended and
  // the player's page then asks them to sign in.
  await page.getByRole('tab', { name: 'Сеансы' }).click();
  const sessions = page.getByRole('table', { name: 'Активные сеансы' });
  const ends = sessions.getByRole('button', { name: /^Завершить сеанс/ });
  await expect(ends).toHaveCount(2);
  await expectNoAxeViolations(page, { serious: true });
  await page.screenshot({ path: test.info().outputPath('sessions.png') });
  await ends.first().click();
  await expect(page.getByText('Завершён 1 сеанс')).toBeVisible();
  await expect(ends).toHaveCount(1);
  await player.page.goto('/profile');
  await expect(player.page).toHaveURL(/#authorization$/);

  // Notes: added, shown with the author and the time.
  await page.getByRole('tab', { name: 'Заметки' }).click();
  await page.getByLabel('Новая заметка').fill('Звонил в поддержку: просит не присылать рассылки');
  await page.getByRole('button', { name: 'Добавить заметку' }).click();
  const feed = page.getByRole('list', { name: 'Заметки операторов' });
  await expect(feed.getByRole('listitem').first()).toContainText('Звонил в поддержку');
  await expect(feed.getByRole('listitem').first()).toContainText(DEMO_OPERATORS.risk.email);
  await expectNoAxeViolations(page, { serious: true });
  await page.screenshot({ path: test.info().outputPath('notes.png') });

  // Rounds and limits: what the operator sees (an empty history, no limits yet), accessible.
  await page.getByRole('tab', { name: 'Раунды' }).click();
  await expect(page.getByText('Игрок ещё не играл на деньги')).toBeVisible();
  await expectNoAxeViolations(page, { serious: true });
  await page.screenshot({ path: test.info().outputPath('rounds.png') });
  await page.getByRole('tab', { name: 'Лимиты' }).click();
  await expect(page.getByRole('heading', { name: 'Лимиты ответственной игры' })).toBeVisible();
  const tighten = page.getByRole('region', { name: 'Ввести или снизить лимит' });
  await tighten.getByLabel('Размер, RUB').fill('5 000');
  await tighten.getByLabel('Основание').fill('Обращение родственников №41');
  await tighten.getByRole('button', { name: 'Установить лимит' }).click();
  await expect(page.getByText('Лимит установлен')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Лимиты ответственной игры' })).toContainText('Депозиты');
  await expectNoAxeViolations(page, { serious: true });
  await page.screenshot({ path: test.info().outputPath('protection.png'), fullPage: true });

  // The audit log names each change.
  await risk.nav.getByRole('link', { name: 'Журнал аудита' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Метка игроку' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Завершение сеанса игрока' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Заметка об игроке' }).first()).toBeVisible();

  await risk.context.close();
  await player.context.close();
});
