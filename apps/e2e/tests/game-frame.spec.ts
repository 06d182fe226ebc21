import { expect, test, type Browser, type FrameLocator, type Page, type TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { e2eConfig } from '../config.ts';
import { registerInModal, uniqueEmail } from './players.ts';

/**
 * The game frame's shared features (ADR 046) in plinko: autoplay offered only where the operator
 * allows it, stopping on the player's loss limit; the settings sheet; the reality check inside the
 * frame, with the site's own reminder left to it.
 */
const backoffice = `http://127.0.0.1:${e2eConfig.backofficePort}`;
const CONTENT = {
  email: 'content@kometa.test',
  password: 'kometa-demo-content',
  secret: '7QO7F7MTHRLKSBQN7T6ASPYJWVFTRG5G',
};

/** Sums as the frames write them ("1 000,31 ₽") in kopecks. */
const kopecks = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A new player with 1 000 ₽, in plinko for real money. */
async function playerInPlinko(page: Page, label: string): Promise<FrameLocator> {
  await page.goto('/#register');
  await registerInModal(page, uniqueEmail(label));
  await page.goto('/payment/deposit');
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await page.getByRole('button', { name: 'Оплата прошла' }).click();
  await expect(page.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  await page.goto('/game/kometa/kometa-plinko');
  const frame = page.frameLocator('iframe[title="Игра: Плинко"]');
  await expect(frame.getByTestId('balance')).toHaveText('1\u00a0000,00\u00a0₽');
  return frame;
}

/** The content operator turns autoplay on for instant games in the back office's settings. */
async function allowAutoplayForInstantGames(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${backoffice}/login`);
  await page.getByLabel('E-mail').fill(CONTENT.email);
  await page.getByLabel('Пароль').fill(CONTENT.password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByRole('heading', { name: 'Код подтверждения' })).toBeVisible();
  for (let attempt = 0; ; attempt++) {
    await page.getByLabel('Код').fill(await generate({ secret: CONTENT.secret }));
    await page.getByRole('button', { name: 'Войти' }).click();
    const signedIn = page.getByRole('heading', { name: 'Обзор' });
    const refused = page.getByText('Неверный код');
    await expect(signedIn.or(refused)).toBeVisible();
    if (await signedIn.isVisible()) break;
    expect(attempt).toBe(0);
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  await page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Настройки сайта' })
    .click();
  const card = page.getByRole('form', { name: 'Автоигра в играх' });
  await expect(card).toBeVisible();
  // A bad value is refused with its Russian message, and nothing changes.
  await card.getByLabel('Раундов за один запуск, не больше').fill('5000');
  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(card.getByText('Раундов автоигры — целое число от 1 до 1000')).toBeVisible();
  await card.getByLabel('Раундов за один запуск, не больше').fill('100');
  await card.getByRole('group', { name: 'Быстрые игры' }).getByLabel('Автоигра разрешена').check();
  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Настройка сохранена — сайт уже читает новое значение')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('backoffice-autoplay-setting.png'), fullPage: true });
  await context.close();
}

test('autoplay is offered only where the operator allows it, and stops on the loss limit', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.skip(isMobile, 'the operator works at a desk; each TOTP code is accepted once');
  test.setTimeout(240_000);
  const errors = consoleErrors(page);
  let frame = await playerInPlinko(page, 'frame-autoplay');

  // Off until the operator allows it: neither the button nor the settings' section is offered.
  await expect(frame.getByTestId('session-clock')).toBeVisible();
  await frame.getByRole('button', { name: 'Настройки игры' }).click();
  await expect(frame.getByRole('heading', { name: 'Настройки игры' })).toBeVisible();
  await expect(frame.getByRole('radio', { name: 'Турбо' })).toBeAttached();
  await expect(frame.getByRole('heading', { name: 'Автоигра' })).toBeHidden();
  await frame.getByRole('button', { name: 'Закрыть' }).first().click();
  await expect(frame.getByRole('button', { name: 'Автоигра', exact: true })).toBeHidden();

  await allowAutoplayForInstantGames(browser, testInfo);

  await page.reload();
  frame = page.frameLocator('iframe[title="Игра: Плинко"]');
  const balance = frame.getByTestId('balance');
  await expect(balance).toHaveText('1\u00a0000,00\u00a0₽');
  await frame.getByLabel('Ставка, ₽').fill('10');
  await frame.getByLabel('Ряды').selectOption('16');
  await frame.getByRole('radio', { name: 'Высокий' }).check();
  await frame.getByRole('button', { name: 'Автоигра', exact: true }).click();
  await expect(frame.getByRole('heading', { name: 'Автоигра' })).toBeVisible();
  await frame.getByRole('radio', { name: 'Турбо' }).check({ force: true });
  await frame.getByLabel('Раундов').selectOption('100');
  // No run without a loss limit.
  await frame.getByRole('button', { name: 'Запустить автоигру' }).click();
  await expect(frame.getByText('Укажите лимит проигрыша: без него автоигра не запускается')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-autoplay-desktop.png') });
  // A limit of 10,01 ₽ with 10 ₽ stakes: the run stops before any stake that could pass it.
  await frame.getByLabel('Стоп при проигрыше, ₽').fill('10,01');
  await frame.getByRole('button', { name: 'Запустить автоигру' }).click();
  await expect(frame.getByRole('heading', { name: 'Настройки игры' })).toBeHidden();
  await expect(frame.locator('#result')).toHaveText('Автоигра остановлена: достигнут лимит проигрыша', {
    timeout: 120_000,
  });
  await expect(frame.locator('#autoplay-count')).toHaveText(/^Автоигра: \d+ из 100$/);
  const after = kopecks((await balance.textContent()) ?? '');
  expect(after).toBeGreaterThanOrEqual(100_000 - 1_001);
  expect(after).toBeLessThan(100_000 + 1_000 * 1_000);
  // The count stays readable while the run is over; the button is offered again.
  await expect(frame.getByRole('button', { name: 'Автоигра', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the settings sheet and the reality check live inside the frame; the site leaves its reminder to it', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  if (!isMobile) await page.setViewportSize({ width: 1440, height: 900 });
  const errors = consoleErrors(page);
  const frame = await playerInPlinko(page, 'frame-reality');
  await expect(frame.getByTestId('session-clock')).toHaveText(/\d:\d\d:\d\d/);
  // One session clock: the frame's; the site's game bar leaves it out.
  await expect(page.getByTestId('session-clock')).toHaveCount(0);
  await frame.getByRole('button', { name: 'Настройки игры' }).click();
  await expect(frame.getByRole('group', { name: 'Скорость анимации' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`settings-${testInfo.project.name}.png`) });
  await frame.getByRole('button', { name: 'Закрыть' }).first().click();

  // The casino's reminder falls due in two seconds (the launch's `rc`, its next reminder moved).
  const iframe = page.locator('iframe[title="Игра: Плинко"]');
  const src = new URL((await iframe.getAttribute('src')) ?? '');
  const [started, interval, , net] = (src.searchParams.get('rc') ?? '').split('.');
  expect(interval).toBe('60');
  src.searchParams.set('rc', [started, interval, Math.floor(Date.now() / 1000) + 2, net].join('.'));
  await iframe.evaluate((element, url) => ((element as HTMLIFrameElement).src = url), src.toString());
  const reminder = frame.getByRole('dialog', { name: 'Напоминание о времени' });
  await expect(reminder).toBeVisible({ timeout: 15_000 });
  await expect(reminder.getByText(/^Вы в игре уже \d+ мин\.$/)).toBeVisible();
  await expect(reminder.getByTestId('reality-net')).toHaveText('0,00\u00a0₽');
  await expect(reminder.getByRole('link', { name: 'Выйти в лобби' })).toHaveAttribute('href', /\/games$/);
  await expect(reminder.getByRole('link', { name: 'История игр' })).toHaveAttribute(
    'href',
    /\/payment\/game-history$/,
  );
  await page.screenshot({ path: testInfo.outputPath(`reality-check-${testInfo.project.name}.png`) });
  await reminder.getByRole('button', { name: 'Продолжить' }).click();
  await expect(reminder).toBeHidden();
  await expect(frame.getByRole('button', { name: 'Бросить шар' })).toBeEnabled();
  expect(errors).toEqual([]);
});
