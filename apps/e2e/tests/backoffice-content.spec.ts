import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS, expectNoAxeViolations, operatorSession } from './operators.ts';

/**
 * Content in the back office (ADR 038), as the content operator clicks it: a banner with an uploaded
 * image is published and shows on the site's home page; the rules page gets a new text and the site
 * shows it at once; the administrator finds both in the audit log.
 */

/** A real PNG banner (a horizontal gradient), drawn here. */
function bannerPng(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = (y: number) =>
    Buffer.from([
      0,
      ...Array.from({ length: width }, (_, x) => [
        90 + (x * 120) / width,
        72,
        240 - (y * 80) / height,
      ]).flat(),
    ]);
  const pixels = Buffer.concat(Array.from({ length: height }, (_, y) => row(y)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('content publishes a banner with an uploaded image and rewrites the rules; the site shows both; audited', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36).toUpperCase();
  const bannerTitle = `Турнир выходного дня ${run}`;
  const newRule = `Новая редакция правил ${run}: ставки принимаются до начала раунда.`;
  await page.context().addCookies([{ name: 'kometa_cookie_notice', value: '0', url: baseURL! }]);

  const content = await operatorSession(browser, DEMO_OPERATORS.content);
  // The content role sees its screens and not the others'.
  await expect(content.nav.getByRole('link', { name: 'Страницы' })).toBeVisible();
  await expect(content.nav.getByRole('link', { name: 'Игроки' })).toHaveCount(0);

  // A banner for the home page's slider, with an uploaded picture.
  await content.nav.getByRole('link', { name: 'Баннеры' }).click();
  await expect(content.page.getByRole('heading', { name: 'Баннеры и ротаторы' })).toBeVisible();
  await content.page.getByRole('button', { name: 'Новый баннер' }).click();
  const dialog = content.page.getByRole('dialog', { name: 'Новый баннер' });
  await dialog.getByLabel('Слот').selectOption({ label: 'Слайдер главной' });
  await dialog.getByLabel('Заголовок').fill(bannerTitle);
  await dialog.getByLabel('Текст', { exact: true }).fill('Призовой фонд 500 000 ₽ — играйте в любые слоты.');
  await dialog.getByTestId('imageDesktop-file').setInputFiles({
    name: 'tournament.png',
    mimeType: 'image/png',
    buffer: bannerPng(640, 240),
  });
  await expect(dialog.getByText('Картинка загружена: 640×240')).toBeVisible();
  const imageUrl = await dialog.getByLabel('Картинка для компьютера', { exact: true }).inputValue();
  expect(imageUrl).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);
  await dialog.getByLabel('Ссылка').fill('/games');
  await dialog.getByLabel('Текст кнопки').fill('Участвовать');
  await expectNoAxeViolations(content.page);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(content.page.getByText('Баннер опубликован')).toBeVisible();
  const row = content.page.getByRole('row').filter({ hasText: bannerTitle });
  await expect(row).toContainText('Показывается');

  // The site's home page shows it at once, with the uploaded image.
  await page.goto('/');
  const banner = page.getByTestId('home-banner').filter({ hasText: bannerTitle });
  await expect(banner).toBeVisible();
  await expect(banner.locator('img')).toHaveAttribute('src', imageUrl);
  expect(await banner.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await expect(banner.getByRole('link', { name: 'Участвовать' })).toHaveAttribute('href', '/games');

  // The rules get a new first paragraph (the heading stays, other specs read it); a script slipped
  // into the HTML is dropped.
  await content.nav.getByRole('link', { name: 'Страницы' }).click();
  await content.page.getByRole('link', { name: '/rules', exact: true }).click();
  await expect(content.page.getByRole('heading', { name: 'Страница /rules' })).toBeVisible();
  await expectNoAxeViolations(content.page);
  await content.page.getByRole('button', { name: 'HTML' }).click();
  const source = content.page.getByLabel('Текст страницы');
  const html = await source.inputValue();
  await source.fill(`<p><strong>${newRule}</strong></p><script>alert("x")</script>${html}`);
  await expect(content.page.getByLabel('Заголовок на странице (H1)')).toHaveValue('Правила и условия');
  await content.page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(content.page.getByText('Страница сохранена — на сайте уже новая версия')).toBeVisible();

  await page.goto('/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Правила и условия' })).toBeVisible();
  await expect(page.locator('article.rich-text strong').first()).toHaveText(newRule);
  expect(await page.locator('article.rich-text script').count()).toBe(0);
  await content.context.close();

  // The administrator finds both changes in the audit log, made by the content operator.
  const admin = await operatorSession(browser, DEMO_OPERATORS.admin);
  await admin.nav.getByRole('link', { name: 'Журнал аудита' }).click();
  const table = admin.page.getByRole('table', { name: 'Журнал аудита' });
  for (const action of ['Изменение страницы', 'Создание баннера', 'Загрузка картинки']) {
    await expect(table.getByRole('row').filter({ hasText: action }).first()).toContainText(
      'content@kometa.test',
    );
  }
  await expectNoAxeViolations(admin.page);
  await admin.context.close();
});
