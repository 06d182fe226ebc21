import { expect, test, type Page } from '@playwright/test';
import { linkFromMailbox, registerInModal, uniqueEmail, rollDice } from './players.ts';

/** Russian typography as the site writes it: no break inside a sum or before its sign. */
const nb = (text: string) => text.replace(/(\d) (?=\d)/g, '$1\u00a0').replace(/ (₽|%)/g, '\u00a0$1');

/** One real round of dice: `stake` at a 95 % chance, played with whatever money the balance holds. */
async function playDice(page: Page, stake: string) {
  await page.goto('/game/kometa/kometa-dice');
  const dice = page.frameLocator('iframe[title="Игра: Кости"]');
  await expect(dice.locator('#balance')).not.toHaveText('—');
  await dice.getByLabel('Ставка, ₽').fill(stake);
  await dice.getByLabel('Шанс выигрыша, %').fill('95');
  await rollDice(dice);
}

test('a new player redeems KOMETA, reads the terms, takes it, watches the wagering and sees what a withdrawal would forfeit', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('gifts');
  await page.goto('/#register');
  await registerInModal(page, email);
  // The cashier opens once the e-mail is confirmed.
  await page.goto(await linkFromMailbox(page, email, /\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/));
  await expect(page.getByText('E-mail подтверждён')).toBeVisible();

  // The gifts item: in the header on a desktop, in the bottom navigation on a phone.
  const giftsItem = () => page.getByTestId(isMobile ? 'tabbar-gifts' : 'header-gifts');
  await giftsItem().click();
  await expect(page).toHaveURL(/\/gifts$/);
  // A new player holds the first step of the welcome pack and the phone-confirmation gift (ADR 034).
  const held = page.getByTestId('gifts-offered').getByTestId('gift-card');
  await expect(held).toHaveCount(2);
  await expect(held.filter({ hasText: '100 % к первому депозиту' })).toHaveCount(1);
  await expect(held.filter({ hasText: '300 ₽ за подтверждение телефона' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Ввести промокод' }).first().click();
  await expect(page).toHaveURL(/\/gifts\/promo$/);

  // A refusal is said under the field; the code is trimmed and read in any case.
  const field = page.getByRole('textbox', { name: 'Промокод' });
  await field.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByRole('alert')).toHaveText('Такого промокода нет. Проверьте, как он написан');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('  kometa ');
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByRole('heading', { name: 'Промокод принят! Ваш подарок:' })).toBeVisible();
  const given = page.getByTestId('gift-card');
  await expect(given).toContainText('500 ₽ без депозита');
  await expect(given).toContainText(nb('500,00 ₽'));
  await expect(given).toContainText('Вейджер ×20');
  await expect(given).toContainText(nb('Ставка до 500,00 ₽'));
  await expect(given).toContainText(/до \d\d\.\d\d\.\d{4} \d\d:\d\d/);

  // The header counts the gift offered and not yet taken.
  await page.goto('/games');
  await expect(giftsItem().getByTestId('gifts-count')).toHaveText('3');
  await giftsItem().click();
  const offered = page
    .getByTestId('gifts-offered')
    .getByTestId('gift-card')
    .filter({ hasText: '500 ₽ без депозита' });
  await expect(offered).toHaveCount(1);

  // «Получить» shows the terms in full before anything is taken.
  await offered.getByRole('button', { name: 'Получить' }).click();
  const terms = page.getByRole('dialog', { name: '500 ₽ без депозита' });
  await expect(terms).toContainText('Сначала реальные деньги, затем бонусные');
  await expect(terms).toContainText(nb('×20 от суммы бонуса: ставки на 10 000,00 ₽'));
  await expect(terms.getByText('Максимальная ставка при отыгрыше')).toBeVisible();
  await expect(terms).toContainText(nb('не больше 5 000,00 ₽'));
  const shares = terms.getByRole('list', { name: 'Вклад игр в отыгрыш' }).getByRole('listitem');
  await expect(shares.filter({ hasText: 'Слоты' })).toContainText(nb('100 %'));
  await expect(shares.filter({ hasText: 'Настольные игры' })).toContainText(nb('10 %'));
  await terms.getByRole('button', { name: 'Принимаю условия, получить' }).click();
  await expect(terms).toHaveCount(0);
  await expect(page).toHaveURL(/\/gifts\?tab=current$/);
  await expect(page.getByRole('status').filter({ hasText: 'зачислен' })).toHaveText(
    nb('Бонус 500,00 ₽ зачислен. Отыгрыш начался.'),
  );
  const running = page.getByTestId('gifts-current').getByTestId('gift-card');
  await expect(running).toContainText('Отыгрывается');
  await expect(running.getByTestId('gift-bonus-balance')).toHaveText(nb('500,00 ₽'));
  await expect(running.getByTestId('wager-sums')).toHaveText(nb('0,00 ₽ из 10 000,00 ₽'));

  // A bet of bonus money counts toward the wagering (dice count half of the stake).
  await playDice(page, '250');
  await page.goto('/games');
  await expect(page.getByTestId('header-wager')).toHaveText(nb('Отыгрыш 1 %'));
  await page.getByRole('button', { name: /^Баланс/ }).click();
  const details = page.getByTestId('wallet-details');
  await expect(details).toBeVisible();
  await expect(details.getByTestId('wallet-real')).toHaveText(nb('0,00 ₽'));
  await expect(details.getByTestId('wager-sums')).toHaveText(nb('125,00 ₽ из 10 000,00 ₽'));
  // The balance is the bonus alone (no real money): the win or loss of the round decided it.
  const bonus = (await details.getByTestId('wallet-bonus').textContent()) ?? '';
  await expect(page.getByTestId('balance')).toHaveText(bonus);

  // Before a withdrawal: exactly what is kept, what is forfeited and what wagering would save it.
  await page.goto('/payment/withdrawal');
  const notice = page.getByTestId('forfeit-notice');
  await expect(notice.getByRole('heading', { name: 'Вывод сейчас аннулирует бонус' })).toBeVisible();
  await expect(notice.getByTestId('forfeit-keep')).toHaveText(nb('0,00 ₽'));
  await expect(notice.getByTestId('forfeit-amount')).toHaveText(bonus);
  await expect(notice.getByTestId('forfeit-wager-left')).toHaveText(nb('9 875,00 ₽'));
  await expect(notice).toContainText(`Бонус ${bonus} будет аннулирован.`);
  await expect(
    notice.getByRole('checkbox', { name: `Понимаю: бонус ${bonus} будет аннулирован` }),
  ).not.toBeChecked();

  // Sent without agreeing (as when the bonus began wagering after the page was read), the request is
  // refused and the same confirmation opens with the server's sums; keeping the bonus closes it.
  await page.getByLabel('Сумма, ₽').fill('500');
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Вывести', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Вывод аннулирует бонус' });
  await expect(confirm.getByTestId('forfeit-keep')).toHaveText(nb('0,00 ₽'));
  await expect(confirm.getByTestId('forfeit-amount')).toHaveText(bonus);
  await expect(confirm.getByTestId('forfeit-wager-left')).toHaveText(nb('9 875,00 ₽'));
  await expect(confirm.getByRole('button', { name: 'Вывести и аннулировать бонус' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Оставить бонус' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveText(bonus);
});
