/// <reference lib="dom" />
/**
 * Screenshots of the back office's bonus screens (ADR 033) at a phone's and a desktop's size, against
 * a running stack (`tools/start.ts`; SHOTS_SITE and SHOTS_BACKOFFICE). Not a test: a player redeems a
 * code and takes the gift, then marketing and finance walk the screens; each is saved under SHOTS_DIR.
 *   node --import tsx apps/e2e/shots/bonuses.ts
 */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { PASSWORD, uniqueEmail } from '../tests/players.ts';
import { env, launch, sizes } from './shoot.ts';

const site = env.SHOTS_SITE ?? 'http://127.0.0.1:45300';
const backoffice = env.SHOTS_BACKOFFICE ?? 'http://127.0.0.1:45302';
const out = env.SHOTS_DIR ?? '/work/shots/bo-bonus';

async function shots(page: Page, name: string, fullPage = false) {
  for (const size of sizes) {
    await page.setViewportSize(size.viewport);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${size.name}.png`, fullPage });
    console.log(`${name}-${size.name}.png`);
  }
}

const browser = await launch();

// A player with a code's gift taken (bonus wagering) and one left offered.
const context = await browser.newContext({ locale: 'ru-RU' });
const request = context.request;
const email = uniqueEmail('shots-bonus');
const registered = await request.post(`${site}/api/v18/registration`, {
  data: { email, password: PASSWORD, birthday: { day: 15, month: 5, year: 1990 }, agreeRules: true },
});
const token = (await registered.json()).data.token as string;
const headers = { 'auth-token': token };
const redeemed = await request.post(`${site}/api/v18/gifts/promo`, { headers, data: { code: 'KOMETA' } });
const giftId = (await redeemed.json()).data.id as number;
await request.post(`${site}/api/v18/gifts/self/${giftId}`, { headers });
await request.post(`${site}/api/v18/gifts/promo`, { headers, data: { code: 'WELCOME' } });

async function operator(who: { email: string; password: string; secret: string }) {
  const ctx = await browser.newContext({
    locale: 'ru-RU',
    viewport: sizes[1]!.viewport,
    deviceScaleFactor: 1,
  });
  const page = await ctx.newPage();
  await page.goto(`${backoffice}/login`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByLabel('Код').fill(await generate({ secret: who.secret }));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
  return page;
}

const marketing = await operator({
  email: 'marketing@kometa.test',
  password: 'kometa-demo-marketing',
  secret: 'GS7BRTML6MQOMCPFZP73RHCSPTYH6KCE',
});
await marketing.goto(`${backoffice}/offers`);
await expect(marketing.getByRole('table', { name: 'Бонусные предложения' })).toContainText('без депозита');
await shots(marketing, 'offers-list');
await marketing.goto(`${backoffice}/offers/new`);
await shots(marketing, 'offer-form-new', true);
await marketing.getByRole('button', { name: 'Создать предложение' }).click();
await expect(marketing.getByText('Укажите сумму бонуса')).toBeVisible();
await shots(marketing, 'offer-form-errors');
const noDeposit = marketing.getByRole('link', { name: '500 ₽ без депозита' });
await marketing.goto(`${backoffice}/offers`);
await noDeposit.click();
await expect(marketing.getByTestId('net-cost')).toBeVisible();
await shots(marketing, 'offer-page', true);
await marketing.goto(`${backoffice}/promo-codes`);
await expect(marketing.getByTestId('uses-KOMETA')).toBeVisible();
await shots(marketing, 'promo-codes');
await marketing.getByRole('button', { name: 'Новый промокод' }).click();
await shots(marketing, 'promo-code-new');

const finance = await operator({
  email: 'finance@kometa.test',
  password: 'kometa-demo-finance',
  secret: 'UNMDGD4DZG7OH65S5H6ZTZNCB47AQZP7',
});
await finance.goto(`${backoffice}/players?query=${encodeURIComponent(email)}`);
await finance.getByRole('link', { name: 'Открыть' }).click();
await finance.getByRole('tab', { name: 'Бонусы' }).click();
await expect(finance.getByRole('table', { name: 'Подарки игрока' })).toContainText('Отыгрывается');
await shots(finance, 'player-bonuses', true);
await finance.getByRole('button', { name: 'Отменить' }).first().click();
await shots(finance, 'player-bonus-cancel');

await browser.close();
