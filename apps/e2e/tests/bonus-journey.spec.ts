import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, linkFromMailbox, submitRegistration, uniqueEmail, rollDice } from './players.ts';

/** Russian typography as the site writes it: no break inside a sum or before its sign. */
const nb = (text: string) => text.replace(/(\d) (?=\d)/g, '$1\u00a0').replace(/ (₽|%)/g, '\u00a0$1');

/**
 * A visitor registers with a promo code typed in the registration form (the gifts job redeems it right
 * after), confirms the e-mail and waits for the gift to arrive in «Подарки».
 */
async function registerWithCode(page: Page, email: string, code: string) {
  await page.goto('/#register');
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('Есть промокод?').click();
  await dialog.getByRole('textbox', { name: 'Промокод' }).fill(code);
  await submitRegistration(dialog, email);
  await expectSignedIn(page);
  await page.goto(await linkFromMailbox(page, email, /\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/));
  await expect(page.getByText('E-mail подтверждён')).toBeVisible();
}

/**
 * The deposit's gift step: the gift the code gave (its card told apart by what it gives, `cap`), its
 * terms (titled `title`) read and accepted, then `sum` paid.
 */
async function depositWithGift(page: Page, title: string, cap: string, sum: string) {
  // The code is redeemed by a job a moment after the registration: the gift step shows it then. A code
  // for the welcome pack's own first step (WELCOME) gives the one gift the pack gives, never a second.
  const gift = page.getByTestId('deposit-gift').filter({ hasText: nb(`к депозиту, до ${cap}`) });
  await expect(async () => {
    await page.goto('/payment/deposit');
    await expect(gift).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await gift.click();
  const terms = page.getByRole('dialog', { name: title });
  await expect(terms).toContainText('Сначала реальные деньги, затем бонусные');
  await terms.getByRole('button', { name: 'Принимаю условия, получить' }).click();
  await expect(terms).toHaveCount(0);
  await expect(gift).toHaveAttribute('aria-checked', 'true');
  await expect(gift).toContainText('Активирован');
  await page.getByLabel('Сумма, ₽').fill(sum);
  await expect(page.getByTestId('deposit-estimate')).toHaveText(nb(`+ ${sum},00 ₽ бонуса`));
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByRole('heading', { name: 'Песочница платежей' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByRole('heading', { name: 'Баланс пополнен' })).toBeVisible();
}

/** One real round of dice: `stake` at a 95 % chance; answers when the round is settled. */
async function playDice(page: Page, stake: string, rounds = 1) {
  await page.goto('/game/kometa/kometa-dice');
  const dice = page.frameLocator('iframe[title="Игра: Кости"]');
  await expect(dice.locator('#balance')).not.toHaveText('—');
  await dice.getByLabel('Ставка, ₽').fill(stake);
  await dice.getByLabel('Шанс выигрыша, %').fill('95');
  for (let round = 0; round < rounds; round++) {
    await rollDice(dice);
  }
}

/** The real-money part of the balance, as the header's wallet details show it. */
async function realMoney(page: Page): Promise<string> {
  await page.goto('/games');
  await page.getByRole('button', { name: /^Баланс/ }).click();
  const details = page.getByTestId('wallet-details');
  await expect(details).toBeVisible();
  return (await details.getByTestId('wallet-real').textContent()) ?? '';
}

test('a player registers with a promo code, deposits with its bonus, wagers it to completion, sees it converted and withdraws', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('bonus-journey');
  // START: 100 % to a deposit, wagering ×1, dice counted in full (the demo's quick bonus).
  await registerWithCode(page, email, ' start ');
  await depositWithGift(page, 'Быстрый старт', '1 000,00 ₽', '500');
  await expect(page.getByTestId('balance')).toHaveText(nb('1 000,00 ₽'));
  await page.goto('/gifts?tab=current');
  const running = page.getByTestId('gifts-current').getByTestId('gift-card');
  await expect(running).toContainText('Отыгрывается');
  await expect(running.getByTestId('gift-bonus-balance')).toHaveText(nb('500,00 ₽'));
  await expect(running.getByTestId('wager-sums')).toHaveText(nb('0,00 ₽ из 500,00 ₽'));

  // Real money goes first: 250 ₽ of it counts half of the requirement, whatever the dice say.
  await playDice(page, '250');
  await page.goto('/games');
  await expect(page.getByTestId('header-wager')).toHaveText(nb('Отыгрыш 50 %'));
  // The second 250 ₽ (real money again: 250 ₽ left after a loss, more after a win) completes it: the
  // bonus balance, untouched, becomes real money.
  await playDice(page, '250');

  await page.goto('/gifts?tab=history');
  const done = page.getByTestId('gifts-history').getByTestId('gift-card');
  await expect(done).toHaveCount(1);
  await expect(done).toContainText('Быстрый старт');
  await expect(done.getByText('Переведено в реальные деньги')).toBeVisible();
  await expect(done).toContainText(nb('500,00 ₽'));
  await page.goto('/games');
  await expect(page.getByTestId('header-wager')).toHaveCount(0);

  // With no bonus wagering, the withdrawal has nothing to forfeit; the deposit was staked, so it goes.
  await page.goto('/payment/withdrawal');
  await expect(page.getByTestId('forfeit-notice')).toHaveCount(0);
  await page.getByLabel('Сумма, ₽').fill('500');
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Вывести', exact: true }).click();
  await expect(page.getByText(nb('Заявка на вывод 500,00 ₽ принята'))).toBeVisible();
});

test('a player with a deposit bonus wagering opens a withdrawal, sees the real money kept and the bonus forfeited, and keeps the bonus', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('bonus-keep');
  // WELCOME: 100 % to the first deposit from 500 ₽, wagering ×35, dice counted at half.
  await registerWithCode(page, email, 'WELCOME');
  await depositWithGift(page, '100 % к первому депозиту', '10 000,00 ₽', '500');
  // Five rounds of 100 ₽ stake the deposit (the operator's turnover rule) with real money alone.
  await playDice(page, '100', 5);
  const real = await realMoney(page);

  await page.goto('/payment/withdrawal');
  const notice = page.getByTestId('forfeit-notice');
  await expect(notice.getByRole('heading', { name: 'Вывод сейчас аннулирует бонус' })).toBeVisible();
  await expect(notice.getByTestId('forfeit-keep')).toHaveText(real);
  await expect(notice.getByTestId('forfeit-amount')).toHaveText(nb('500,00 ₽'));
  await expect(notice.getByTestId('forfeit-wager-left')).toHaveText(nb('17 250,00 ₽'));

  // Sent without ticking the agreement: the server's own sums in a confirmation; the player keeps it.
  await page.getByRole('radio', { name: /электронный кошел/i }).check();
  await page.getByLabel('Сумма, ₽').fill('100');
  await page.getByLabel('Номер кошелька').fill('P7654321');
  await page.getByRole('button', { name: 'Вывести', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Вывод аннулирует бонус' });
  await expect(confirm.getByTestId('forfeit-keep')).toHaveText(real);
  await expect(confirm.getByTestId('forfeit-amount')).toHaveText(nb('500,00 ₽'));
  await confirm.getByRole('button', { name: 'Оставить бонус' }).click();
  await expect(confirm).toHaveCount(0);

  // Nothing left: no withdrawal, the bonus still wagering where it was.
  await page.goto('/payment/history');
  await expect(page.getByRole('cell', { name: 'Вывод' })).toHaveCount(0);
  await page.goto('/gifts?tab=current');
  // Beside the weekly cashback every player who bets holds: the deposit bonus, still wagering.
  const running = page
    .getByTestId('gifts-current')
    .getByTestId('gift-card')
    .filter({ hasText: 'Отыгрывается' });
  await expect(running).toHaveCount(1);
  await expect(running.getByTestId('gift-bonus-balance')).toHaveText(nb('500,00 ₽'));
  await expect(running.getByTestId('wager-sums')).toHaveText(nb('250,00 ₽ из 17 500,00 ₽'));
});
