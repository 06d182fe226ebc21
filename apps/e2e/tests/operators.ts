import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { e2eConfig } from '../config.ts';

/** The back office's own host (ADR 028). */
export const backoffice = `http://127.0.0.1:${e2eConfig.backofficePort}`;

/** The demo operators the seed creates (published in the README; demo only). */
export const DEMO_OPERATORS = {
  admin: {
    email: 'admin@kometa.test',
    password: 'kometa-demo-admin',
    secret: '3KHC7G2J3BGTSEBRDXTZAJTALZCXTIQJ',
  },
  finance: {
    email: 'finance@kometa.test',
    password: 'kometa-demo-finance',
    secret: 'UNMDGD4DZG7OH65S5H6ZTZNCB47AQZP7',
  },
  support: {
    email: 'support@kometa.test',
    password: 'kometa-demo-support',
    secret: 'QM3MXTKKL4M6AHJCZJD5OUJDL222WXGG',
  },
  risk: {
    email: 'risk@kometa.test',
    password: 'kometa-demo-risk',
    secret: 'CXNSKP4TJ6RE5RW5OTHYHKVLKDOC33RN',
  },
  content: {
    email: 'content@kometa.test',
    password: 'kometa-demo-content',
    secret: '7QO7F7MTHRLKSBQN7T6ASPYJWVFTRG5G',
  },
  marketing: {
    email: 'marketing@kometa.test',
    password: 'kometa-demo-marketing',
    secret: 'GS7BRTML6MQOMCPFZP73RHCSPTYH6KCE',
  },
} as const;
export type DemoOperator = (typeof DEMO_OPERATORS)[keyof typeof DEMO_OPERATORS];

/** Until the next TOTP period (30 s) begins. */
const nextPeriodMs = () => 30_000 - (Date.now() % 30_000) + 500;

/**
 * Signs in through the form: e-mail and password, then the TOTP code. A code is accepted once, and
 * the server allows one period of drift: when this operator's code for the current period is spent,
 * the next period's is taken at once; only when that is spent too does it wait for a new period.
 */
export async function signInWithTotp(page: Page, who: DemoOperator): Promise<void> {
  await page.goto(`${backoffice}/login`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByRole('heading', { name: 'Код подтверждения' })).toBeVisible();
  for (let attempt = 0; ; attempt++) {
    const ahead = attempt === 0 ? 0 : 30;
    await page
      .getByLabel('Код')
      .fill(await generate({ secret: who.secret, epoch: Math.floor(Date.now() / 1000) + ahead }));
    const answered = page.waitForResponse((r) => r.url().endsWith('/session/totp'));
    await page.getByRole('button', { name: 'Войти' }).click();
    if ((await answered).ok()) {
      await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
      return;
    }
    await expect(page.getByText('Неверный код')).toBeVisible();
    expect(attempt).toBeLessThan(2);
    if (attempt === 1) await page.waitForTimeout(nextPeriodMs());
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Sessions this worker opened, by operator: later journeys go on in them instead of waiting for a code. */
const sessions = new Map<string, StorageState>();

export interface OperatorSession {
  context: BrowserContext;
  page: Page;
  /** The back office's section navigation. */
  nav: ReturnType<Page['getByRole']>;
}

/**
 * A desktop browser in the back office as this operator, on the dashboard. The first journey of a
 * run signs in with TOTP; later ones take the session that sign-in opened while it is still alive
 * (idle timeout 30 minutes), and sign in again when the server has ended it.
 */
export async function operatorSession(browser: Browser, who: DemoOperator): Promise<OperatorSession> {
  const stored = sessions.get(who.email);
  const context = await browser.newContext({
    locale: 'ru-RU',
    viewport: { width: 1440, height: 900 },
    ...(stored ? { storageState: stored } : {}),
  });
  const page = await context.newPage();
  let alive = false;
  if (stored) {
    await page.goto(`${backoffice}/`);
    const dashboard = page.getByRole('heading', { name: 'Обзор' });
    await expect(dashboard.or(page.getByLabel('E-mail'))).toBeVisible();
    alive = await dashboard.isVisible();
  }
  if (!alive) {
    await signInWithTotp(page, who);
    sessions.set(who.email, await context.storageState());
  }
  return { context, page, nav: page.getByRole('navigation', { name: 'Разделы' }) };
}

/** Axe finds no violation on the screen (or, with `serious`, none serious or critical). */
export async function expectNoAxeViolations(page: Page, options: { serious?: boolean } = {}): Promise<void> {
  // A page drawn in the browser may still be empty when navigation returns: axe reads it once it has
  // its main landmark and its first-level heading, as every page here has (CI once read an empty one).
  await expect(page.getByRole('main').first()).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((v) => !options.serious || v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
