/// <reference lib="dom" />
/**
 * Screenshots of the back office's content screens (ADR 038) at a desktop's size against a running
 * stack (SHOTS_BACKOFFICE, default http://127.0.0.1:39302); saved under SHOTS_DIR. The demo content
 * operator signs in (its TOTP secret is published in the README) and opens every screen.
 *   node --import tsx apps/e2e/shots/content-admin.ts
 */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { env, launch } from './shoot.ts';

const backoffice = env.SHOTS_BACKOFFICE ?? 'http://127.0.0.1:39302';
const out = env.SHOTS_DIR ?? '/work/shared/screenshots/content-admin';
const CONTENT = {
  email: 'content@kometa.test',
  password: 'kometa-demo-content',
  secret: '7QO7F7MTHRLKSBQN7T6ASPYJWVFTRG5G',
};

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}-desktop.png`, fullPage });
  console.log(`${name}-desktop.png`);
}

const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
const page = await context.newPage();
await page.goto(`${backoffice}/login`);
await page.getByLabel('E-mail').fill(CONTENT.email);
await page.getByLabel('Пароль').fill(CONTENT.password);
await page.getByRole('button', { name: 'Продолжить' }).click();
await page.getByLabel('Код').fill(await generate({ secret: CONTENT.secret }));
await page.getByRole('button', { name: 'Войти' }).click();
await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();

await page.goto(`${backoffice}/content/pages`);
await expect(page.getByRole('link', { name: '/rules', exact: true })).toBeVisible();
await shot(page, 'content-pages');
await page.getByRole('link', { name: '/rules', exact: true }).click();
await expect(page.getByRole('heading', { name: 'Страница /rules' })).toBeVisible();
await shot(page, 'content-page-edit');
await shot(page, 'content-page-edit-full', true);
await page.goto(`${backoffice}/content/banners`);
await expect(page.getByRole('table')).toBeVisible();
await shot(page, 'content-banners');
await page.getByRole('button', { name: 'Новый баннер' }).click();
await shot(page, 'content-banner-dialog');
await page.keyboard.press('Escape');
await page.goto(`${backoffice}/content/menus`);
await expect(page.getByRole('heading', { name: 'Подвал' })).toBeVisible();
await shot(page, 'content-menus', true);
await page.goto(`${backoffice}/content/redirects`);
await expect(page.getByRole('table')).toBeVisible();
await shot(page, 'content-redirects');
await page.goto(`${backoffice}/content/settings`);
await expect(page.getByRole('heading', { name: 'Уведомление о cookie' })).toBeVisible();
await shot(page, 'content-settings', true);
await page.goto(`${backoffice}/content/images`);
await expect(page.getByRole('heading', { name: 'header_logo' })).toBeVisible();
await shot(page, 'content-images');
await browser.close();
