import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { registerInModal, uniqueEmail } from './players.ts';

/** Opens a game for real money and plays one round in its frame; answers when the result shows. */
async function playRealRound(
  page: Page,
  slug: string,
  title: string,
  play: (frame: FrameLocator) => Promise<void>,
) {
  await page.goto(`/game/kometa/${slug}`);
  const frame = page.frameLocator(`iframe[title="Игра: ${title}"]`);
  await expect(page.locator(`iframe[title="Игра: ${title}"]`)).toHaveAttribute('src', /mode=real/);
  await expect(frame.locator('#balance')).not.toHaveText('—');
  await play(frame);
  await expect(frame.locator('#result')).toHaveText(/Выигрыш|Проигрыш/);
}

test('a player registers, confirms the e-mail, deposits, plays each game, limits deposits and withdraws', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('journey');
  await page.goto('/#register');
  await registerInModal(page, email);

  // The confirmation link went out with the registration: the development mailbox holds it.
  const mailbox = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(mailbox.status()).toBe(200);
  const link = /\/email-confirmation\/confirm\/[A-Za-z0-9_-]+/.exec(JSON.stringify(await mailbox.json()));
  expect(link).not.toBeNull();
  await page.goto(link![0]);
  await expect(page.getByText('E-mail подтверждён')).toBeVisible();

  // The phone transfer asks for the phone (spec §5 requisites): without it the API names the field.
  await page.goto('/payment/deposit');
  await page.getByRole('radio', { name: /СБП по номеру телефона/ }).check();
  await expect(page.getByLabel('Номер карты')).toHaveCount(0);
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('textbox', { name: 'Телефон' }).fill('+7 999');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  // A deposit through the sandbox provider's page.
  await page.goto('/payment/deposit');
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByRole('heading', { name: 'Песочница платежей' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByRole('heading', { name: 'Баланс пополнен' })).toBeVisible();
  await expect(page.getByText('Зачислено 1\u00a0000.00 ₽.')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('1\u00a0000.00 ₽');

  // One real round of each of Kometa's games.
  await playRealRound(page, 'kometa-dice', 'Кости', (frame) =>
    frame.getByRole('button', { name: 'Больше' }).click(),
  );
  await playRealRound(page, 'kometa-roulette', 'Европейская рулетка', async (frame) => {
    await frame.getByRole('button', { name: '17', exact: true }).click();
    await frame.getByRole('button', { name: 'Крутить' }).click();
  });
  await playRealRound(page, 'kometa-classic-slot', 'Классика 3×3', (frame) =>
    frame.getByRole('button', { name: 'Крутить' }).click(),
  );
  await playRealRound(page, 'kometa-video-slot', 'Звёздные барабаны', (frame) =>
    frame.getByRole('button', { name: 'Крутить' }).click(),
  );
  await playRealRound(page, 'kometa-blackjack', 'Блэкджек', async (frame) => {
    await frame.getByRole('button', { name: 'Раздать' }).click();
    const stand = frame.getByRole('button', { name: 'Хватит' });
    await expect(frame.locator('#dealer')).not.toHaveText('—');
    if (await stand.isEnabled()) await stand.click();
  });

  // The game history lists the five rounds; the balance moved with them.
  await page.goto('/payment/game-history');
  const rounds = page.getByRole('table', { name: 'История игр' }).getByRole('row');
  await expect(rounds).toHaveCount(6);
  for (const game of ['dice', 'roulette', 'classic-slot', 'video-slot', 'blackjack']) {
    await expect(page.getByRole('cell', { name: game, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('balance')).not.toHaveText('1\u00a0000.00 ₽');

  // A daily deposit limit of 100 ₽ refuses a deposit of 500 ₽.
  await page.goto('/games-limits/deposit');
  await page.getByLabel('Сумма, ₽').fill('100');
  await page.getByRole('button', { name: 'Сохранить лимит' }).click();
  await expect(page.getByText('Лимит сохранён')).toBeVisible();
  await expect(page.getByText(/Депозиты в день: Использовано/)).toBeVisible();
  await page.goto('/payment/deposit');
  await page.getByLabel('Сумма, ₽').fill('500');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByRole('alert')).toContainText(/лимит/i);

  // The operator's rule: deposits are staked in full before a withdrawal (demo setting, 100 %).
  await page.goto('/payment/withdrawal');
  await page.getByLabel('Сумма, ₽').fill('500');
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Вывести' }).click();
  await expect(page.getByRole('alert')).toContainText('Сначала отыграйте внесённые депозиты');
  // Ten dice rounds of 100 ₽ at a 95 % chance stake the deposit (the balance stays well above 500 ₽).
  await page.goto('/game/kometa/kometa-dice');
  const dice = page.frameLocator('iframe[title="Игра: Кости"]');
  await expect(dice.locator('#balance')).not.toHaveText('—');
  await dice.getByLabel('Ставка, ₽').fill('100');
  await dice.getByLabel('Шанс выигрыша, %').fill('95');
  for (let round = 0; round < 10; round++) {
    const nonce = await dice.locator('#nonce').textContent();
    await dice.getByRole('button', { name: 'Меньше' }).click();
    await expect(dice.locator('#nonce')).not.toHaveText(nonce ?? '');
  }

  // A withdrawal request holds the amount.
  await page.goto('/payment/withdrawal');
  // Below the card's minimum, the form says so.
  await page.getByLabel('Сумма, ₽').fill('100');
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Вывести' }).click();
  await expect(page.getByRole('alert')).toContainText('меньше минимальной');
  await page.getByLabel('Сумма, ₽').fill('500');
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Вывести' }).click();
  await expect(page.getByText('Заявка на вывод 500.00 ₽ принята')).toBeVisible();
  await page.goto('/payment/history');
  await expect(page.getByRole('cell', { name: 'Вывод' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Пополнение' })).toBeVisible();
  // By kind: the deposits alone, with their total.
  await page
    .getByRole('navigation', { name: 'Виды платежей' })
    .getByRole('link', { name: 'Пополнения' })
    .click();
  await expect(page).toHaveURL(/\/payment\/history\/deposit$/);
  await expect(page.getByRole('cell', { name: 'Вывод' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Итого 1\s000\.00 ₽/ })).toBeVisible();

  // The withdrawal has its own page; below the operator's review threshold it goes straight to the
  // provider (the sandbox confirms it on its own), so it can no longer be taken back.
  await page.getByRole('navigation', { name: 'Виды платежей' }).getByRole('link', { name: 'Выводы' }).click();
  await page
    .getByRole('table', { name: /История платежей/ })
    .getByRole('link', { name: 'Вывод' })
    .click();
  await expect(page.getByRole('heading', { name: /Заявка на вывод № \d+/ })).toBeVisible();
  await expect(page.getByTestId('withdrawal-status')).toHaveText(/В обработке|Подтверждён|Выполнен/);
  await expect(page.getByRole('button', { name: 'Отменить вывод' })).toHaveCount(0);

  // The exchanger: 98 ₽ become 1 $ at the demo rate.
  await page.goto('/payment/exchanger');
  await page.getByLabel('Из кошелька').selectOption('RUB');
  await page.getByLabel('В кошелёк').selectOption('USD');
  await page.getByLabel('Сумма').fill('98');
  await page.getByRole('button', { name: 'Обменять' }).click();
  await expect(page).toHaveURL(/\/payment\/exchanger\/success/);
  await expect(page.getByRole('status')).toHaveText('Списано 98.00 ₽, зачислено 1.00 $.');
});
