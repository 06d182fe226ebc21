import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The pages every licensed operator publishes (issue 20): each opens from the footer with its heading,
 * the registration consent links the rules, and nothing runs off a phone's screen.
 */
const LEGAL = [
  { link: 'Правила и условия', heading: 'Правила и условия', path: '/rules' },
  { link: 'Бонусные правила', heading: 'Бонусные правила', path: '/bonus-terms' },
  { link: 'Политика конфиденциальности', heading: 'Политика конфиденциальности', path: '/privacy' },
  { link: 'AML и KYC', heading: 'Политика AML и KYC', path: '/aml-kyc' },
  { link: 'Лицензия', heading: 'Лицензия', path: '/license' },
  { link: 'Ответственная игра', heading: 'Ответственная игра', path: '/responsible-gaming' },
  { link: 'Контакты', heading: 'Контакты', path: '/contacts' },
];

const footerNav = (page: Page) =>
  page.getByRole('contentinfo').getByRole('navigation', { name: 'Информация о сайте' });

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ context, page, baseURL, isMobile }) => {
  // A returning visitor: the cookie notice is closed. A phone is 390 px wide.
  await context.addCookies([{ name: 'kometa_cookie_notice', value: '0', url: baseURL! }]);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
});

test('every legal page opens from the footer with its heading and sections', async ({ page }) => {
  await page.goto('/');
  for (const legal of LEGAL) {
    await footerNav(page).getByRole('link', { name: legal.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
    // Real texts: several sections each.
    expect(await page.locator('article.rich-text h2').count()).toBeGreaterThanOrEqual(3);
    await expectNoHorizontalOverflow(page);
  }
  // Opened directly (a search engine, a shared link): a real 200 with the page's own title.
  for (const legal of LEGAL) {
    const answer = await page.goto(legal.path);
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
  }
  await expect(page).toHaveTitle('Контакты — Комета');
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('the footer is a casino footer: payment methods, 18+, licence, responsible gaming', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const payments = footer.getByRole('list', { name: 'Способы оплаты' });
  for (const method of ['Visa', 'Mastercard', 'МИР', 'СБП', 'Bitcoin', 'USDT']) {
    await expect(payments.getByRole('img', { name: method })).toBeVisible();
  }
  await expect(footer.getByRole('img', { name: 'Только для лиц старше 18 лет' })).toBeVisible();
  await expect(footer.getByText('Сайтом управляет ООО «Комета Гейминг».')).toBeVisible();
  await footer.getByRole('link', { name: /Лицензия Curaçao/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Лицензия' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('the registration consent links the rules and the privacy policy', async ({ page }) => {
  await page.goto('/#register');
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(dialog).toBeVisible();
  const rules = dialog.getByRole('link', { name: 'правила сайта' });
  await expect(rules).toHaveAttribute('href', '/rules');
  await expect(dialog.getByRole('link', { name: 'политику конфиденциальности' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  const [tab] = await Promise.all([page.context().waitForEvent('page'), rules.click()]);
  await expect(tab.getByRole('heading', { level: 1, name: 'Правила и условия' })).toBeVisible();
  // Following the link left the consent as it was: the player ticks it themselves.
  await expect(dialog.getByRole('checkbox', { name: /принимаю правила/ })).not.toBeChecked();
  await expectNoHorizontalOverflow(page);
});
