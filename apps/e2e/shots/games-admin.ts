/// <reference lib="dom" />
/**
 * Screenshots of the games, lobby and providers screens (ADR 037) at a phone's and a desktop's size,
 * against a running stack (`tools/start.ts`; SHOTS_BACKOFFICE default http://127.0.0.1:39302). Not a
 * test: the administrator opens the list, a game's card, the lobby and the providers, adds a provider
 * and sees its secret once; each screen is saved under SHOTS_DIR.
 *   node --import tsx apps/e2e/shots/games-admin.ts
 */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { env, launch, sizes } from './shoot.ts';

const backoffice = env.SHOTS_BACKOFFICE ?? 'http://127.0.0.1:39302';
const out = env.SHOTS_DIR ?? '/tmp/games-admin-shots';
const ADMIN = {
  email: 'admin@kometa.test',
  password: 'kometa-demo-admin',
  secret: '3KHC7G2J3BGTSEBRDXTZAJTALZCXTIQJ',
};

async function shot(page: Page, size: string, name: string) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}-${size}.png`, fullPage: false });
  console.log(`${name}-${size}.png`);
}

const browser = await launch();
for (const [index, size] of sizes.entries()) {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.hasTouch,
    deviceScaleFactor: 1,
    locale: 'ru-RU',
  });
  const page = await context.newPage();
  await page.goto(`${backoffice}/login`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Пароль').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  // A code works once: the second size waits for a fresh one.
  if (index > 0) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  await page.getByLabel('Код').fill(await generate({ secret: ADMIN.secret }));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();

  await page.goto(`${backoffice}/games`);
  await expect(page.getByRole('row', { name: /Кости/ })).toBeVisible();
  await shot(page, size.name, 'games');
  await page.goto(
    `${backoffice}/games?filters[0][field]=provider&filters[0][operator]=eq&filters[0][value]=kometa`,
  );
  await page.getByRole('link', { name: 'Кости' }).click();
  await expect(page.getByRole('heading', { name: 'Возврат игроку' })).toBeVisible();
  await shot(page, size.name, 'game');
  await page.getByRole('heading', { name: 'Возврат игроку' }).scrollIntoViewIfNeeded();
  await shot(page, size.name, 'game-rtp');
  await page.goto(`${backoffice}/lobby`);
  await expect(page.getByRole('heading', { name: 'Вкладки лобби' })).toBeVisible();
  await page
    .getByRole('button', { name: /Опустить/ })
    .first()
    .click();
  await shot(page, size.name, 'lobby');
  await page.goto(`${backoffice}/providers`);
  await expect(page.getByRole('cell', { name: /Демо-студия/ }).first()).toBeVisible();
  await shot(page, size.name, 'providers');
  await page.getByRole('button', { name: 'Новый провайдер' }).click();
  await page.locator('#provider-id').fill(`aurora-${Date.now().toString(36)}`);
  await page.locator('#provider-name').fill('Аврора Геймс');
  await page.locator('#provider-url').fill('https://aurora.example/play/{game}?token={token}&lang={lang}');
  await shot(page, size.name, 'provider-new');
  await page.getByRole('dialog').getByRole('button', { name: 'Новый провайдер' }).click();
  await expect(page.getByText('Скопируйте секрет сейчас')).toBeVisible();
  await shot(page, size.name, 'provider-secret');
  await context.close();
}
await browser.close();
