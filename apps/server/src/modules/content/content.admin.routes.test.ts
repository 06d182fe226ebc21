import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageInput, SlideInput } from '@kometa/contracts';
import { auditRowsOf } from '../../../test/audit.ts';
import { useTestApp } from '../../../test/harness.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';

const clock = manualClock(Date.UTC(2026, 10, 26, 9, 0, 0));
const t = useTestApp({ clock });

let content: OperatorSession;
let marketing: OperatorSession;
let support: OperatorSession;

beforeAll(async () => {
  for (const [email, role] of [
    ['content@content.test', 'content'],
    ['marketing@content.test', 'marketing'],
    ['support@content.test', 'support'],
  ] as const) {
    await createTestOperator(t.operator.operators, { email, roles: [role] });
  }
  content = await signInOperator(t.app, clock, 'content@content.test');
  marketing = await signInOperator(t.app, clock, 'marketing@content.test');
  support = await signInOperator(t.app, clock, 'support@content.test');
});

const auditRows = (action: string) => auditRowsOf(t.platform.database.db, action);

/** A real PNG of the given size (one grey pixel row per line). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
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
  header[9] = 0;
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.from([0, ...Array(width).fill(128)])),
  );
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pageInput = (over: Partial<PageInput> = {}): PageInput => ({
  identifier: 'test-page',
  title: 'Тестовая страница — Комета',
  description: 'Описание',
  h1: 'Тестовая страница',
  body: '<p>Текст</p>',
  ogImage: null,
  ...over,
});

const slideInput = (over: Partial<SlideInput> = {}): SlideInput => ({
  slot: 'header_main_slider',
  title: 'Новый баннер',
  text: 'Текст баннера',
  imageDesktop: null,
  imageMobile: null,
  linkUrl: '/games',
  linkText: 'Играть',
  position: 0,
  audience: 'all',
  device: 'all',
  startsAt: null,
  endsAt: null,
  isActive: true,
  ...over,
});

describe('SEO pages in the back office', () => {
  it('content edits a legal page: the text is sanitised, audited, and the site shows it at once', async () => {
    // The site asks first (the guest cache keeps the answer)…
    const before = (await t.get('/api/v18/pages/rules')).json().data;
    expect(before.content.h1).toBe('Правила и условия');
    const list = (await adminCall(t.app, content, 'GET', '/content/pages?query=rules')).json().data;
    const rules = list.items.find((p: { identifier: string }) => p.identifier === 'rules');
    const saved = await adminCall(
      t.app,
      content,
      'PUT',
      `/content/pages/${rules.id}`,
      pageInput({
        identifier: '/rules/',
        title: 'Правила — Комета',
        h1: 'Правила сайта',
        body:
          '<h2 onclick="steal()">Раздел</h2><p>Новый <strong>текст</strong><script>alert(1)</script></p>' +
          '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">ссылка</a>' +
          '<a href="https://help.example">помощь</a><iframe src="https://evil.example"></iframe>',
      }),
    );
    expect(saved.statusCode).toBe(200);
    const body = saved.json().data.body as string;
    expect(body).toBe(
      '<h2>Раздел</h2><p>Новый <strong>текст</strong></p><a>ссылка</a>' +
        '<a href="https://help.example" rel="noopener noreferrer nofollow" target="_blank">помощь</a>',
    );
    expect(saved.json().data.identifier).toBe('rules');
    // …and gets the new text straight away: the change dropped the cached answer.
    const after = await t.get('/api/v18/pages/rules');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.json().data.content).toMatchObject({ h1: 'Правила сайта', body });
    expect(after.json().data.seo.title).toBe('Правила — Комета');
    const [audit] = await auditRows('page.update');
    expect(audit).toMatchObject({
      operator_email: 'content@content.test',
      target_id: String(rules.id),
      before: { identifier: 'rules', h1: 'Правила и условия' },
      after: { identifier: 'rules', h1: 'Правила сайта', bodyLength: body.length },
    });
  });

  it('refuses bad input with Russian message keys, a taken path, and other roles', async () => {
    const bad = await adminCall(t.app, content, 'POST', '/content/pages', {
      ...pageInput({ identifier: 'two words', title: '' }),
      ogImage: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      identifier: 'errors.content.bad_path',
      title: 'errors.content.title_required',
      ogImage: 'errors.content.bad_image',
    });
    const taken = await adminCall(
      t.app,
      content,
      'POST',
      '/content/pages',
      pageInput({ identifier: 'privacy' }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields.identifier).toBe('errors.content.path_taken');

    // Marketing reads the content screens but may not change them; support sees none of them.
    expect((await adminCall(t.app, marketing, 'GET', '/content/pages')).statusCode).toBe(200);
    const refused = await adminCall(t.app, marketing, 'POST', '/content/pages', pageInput());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('errors.admin.forbidden');
    expect((await adminCall(t.app, support, 'GET', '/content/pages')).statusCode).toBe(403);
    expect((await adminCall(t.app, undefined, 'GET', '/content/pages')).statusCode).toBe(401);

    const created = await adminCall(
      t.app,
      content,
      'POST',
      '/content/pages',
      pageInput({ identifier: 'о-нас' }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().data.url).toBe('/о-нас');
    const shown = (await t.get(`/api/v18/pages/${encodeURIComponent('о-нас')}`)).json().data;
    expect(shown.content).toMatchObject({ h1: 'Тестовая страница', body: '<p>Текст</p>' });
    const removed = await adminCall(t.app, content, 'DELETE', `/content/pages/${created.json().data.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.get(`/api/v18/pages/${encodeURIComponent('о-нас')}`)).json().data).toBeNull();
    expect((await auditRows('page.delete')).at(-1)?.before).toMatchObject({ identifier: 'о-нас' });
  });
});

describe('banners and images', () => {
  it('uploads an image (type from its bytes, size capped) and publishes a banner with it', async () => {
    const file = png(64, 32);
    const upload = await adminCall(t.app, content, 'POST', '/content/media', {
      fileName: 'banner.png',
      contentType: 'image/png',
      data: file.toString('base64'),
    });
    expect(upload.statusCode).toBe(200);
    const image = upload.json().data;
    expect(image).toMatchObject({ contentType: 'image/png', width: 64, height: 32, size: file.length });
    expect(image.url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await t.get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(file)).toBe(true);
    const missing = await t.get(image.url.replace(/[0-9a-f]{32}/, '0'.repeat(32)));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('errors.not_found');

    // A script named .png, a PNG declared as JPEG and a file over 1 MB are refused, in Russian.
    const script = await adminCall(t.app, content, 'POST', '/content/media', {
      fileName: 'x.png',
      contentType: 'image/png',
      data: Buffer.from('<script>alert(1)</script>').toString('base64'),
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().error.fields.data).toBe('errors.content.image_type');
    const mislabelled = await adminCall(t.app, content, 'POST', '/content/media', {
      fileName: 'x.jpg',
      contentType: 'image/jpeg',
      data: file.toString('base64'),
    });
    expect(mislabelled.json().error.fields.data).toBe('errors.content.image_type');
    const svg = await adminCall(t.app, content, 'POST', '/content/media', {
      fileName: 'x.svg',
      contentType: 'image/svg+xml',
      data: file.toString('base64'),
    });
    expect(svg.json().error.fields.contentType).toBe('errors.content.image_type');
    const oneByteOver = Buffer.concat([file, Buffer.alloc(1_048_577 - file.length)]);
    const tooLarge = await adminCall(t.app, content, 'POST', '/content/media', {
      fileName: 'big.png',
      contentType: 'image/png',
      data: oneByteOver.toString('base64'),
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.fields.data).toBe('errors.content.image_too_large');
    const farTooLarge = await adminCall(t.app, content, 'POST', '/content/media', {
      fileName: 'huge.png',
      contentType: 'image/png',
      data: Buffer.alloc(2_000_000).toString('base64'),
    });
    expect(farTooLarge.statusCode).toBe(413);
    expect(farTooLarge.json().error.message).toBe('errors.payload_too_large');

    // The site had the slot's banners cached; the new one joins them at once.
    await t.get('/api/v18/rotator/header_main_slider');
    const slide = await adminCall(
      t.app,
      content,
      'POST',
      '/content/slides',
      slideInput({ title: 'Турнир недели', imageDesktop: image.url, imageMobile: image.url, position: 0 }),
    );
    expect(slide.statusCode).toBe(200);
    expect(slide.json().data.state).toBe('live');
    const current = (await t.get('/api/v18/rotator/header_main_slider')).json().data.slides;
    expect(current.find((s: { title: string }) => s.title === 'Турнир недели')).toMatchObject({
      image: { desktop: image.url, mobile: image.url },
      link: { url: '/games', text: 'Играть' },
    });
    expect((await auditRows('image.upload')).at(-1)?.operator_email).toBe('content@content.test');
    expect((await auditRows('slide.create')).at(-1)?.after).toMatchObject({ title: 'Турнир недели' });

    // Switched off, it leaves the site at once; a schedule ending before it starts is refused.
    const id = slide.json().data.id;
    const off = await adminCall(
      t.app,
      content,
      'PUT',
      `/content/slides/${id}`,
      slideInput({ title: 'Турнир недели', isActive: false }),
    );
    expect(off.json().data.state).toBe('inactive');
    const titles = (await t.get('/api/v18/rotator/header_main_slider'))
      .json()
      .data.slides.map((s: { title: string }) => s.title);
    expect(titles).not.toContain('Турнир недели');
    const backwards = await adminCall(
      t.app,
      content,
      'PUT',
      `/content/slides/${id}`,
      slideInput({
        startsAt: '2026-12-02T00:00:00Z',
        endsAt: '2026-12-01T00:00:00Z',
        linkUrl: 'javascript:x',
      }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toMatchObject({
      endsAt: 'errors.content.ends_before_start',
      linkUrl: 'errors.content.bad_link',
    });
    expect((await adminCall(t.app, marketing, 'DELETE', `/content/slides/${id}`)).statusCode).toBe(403);
    expect((await adminCall(t.app, content, 'DELETE', `/content/slides/${id}`)).statusCode).toBe(200);
    expect((await adminCall(t.app, content, 'DELETE', `/content/slides/${id}`)).json().error.message).toBe(
      'errors.content.slide_not_found',
    );
  });
});

describe('menus, redirects and settings', () => {
  it('replaces the footer menu, audited, and the site reads it at once', async () => {
    await t.get('/api/v18/menu/footer');
    const items = [
      { title: 'Документы', url: '/rules', children: [{ title: 'Правила', url: '/rules' }] },
      { title: 'Помощь', url: '/contacts', children: [] },
    ];
    const saved = await adminCall(t.app, content, 'PUT', '/content/menus/footer', { items });
    expect(saved.statusCode).toBe(200);
    const site = (await t.get('/api/v18/menu/footer')).json().data;
    expect(site.items.map((i: { title: string }) => i.title)).toEqual(['Документы', 'Помощь']);
    expect(site.items[0].children[0].url).toBe('/rules');
    expect((await auditRows('menu.update')).at(-1)?.after).toEqual({ items });
    const unknown = await adminCall(t.app, content, 'PUT', '/content/menus/secret', { items });
    expect(unknown.statusCode).toBe(400);
    const badLink = await adminCall(t.app, content, 'PUT', '/content/menus/header', {
      items: [{ title: 'X', url: 'javascript:alert(1)', children: [] }],
    });
    expect(badLink.json().error.fields['items.0.url']).toBe('errors.content.bad_link');
  });

  it('adds and removes a redirect; a loop and a taken source are refused', async () => {
    const created = await adminCall(t.app, content, 'POST', '/content/redirects', {
      source: 'old-rules',
      target: '/rules',
      code: 301,
    });
    expect(created.statusCode).toBe(200);
    const page = (await t.get('/api/v18/pages/old-rules')).json().data;
    expect(page.redirect).toMatchObject({ code: 301, to: '/rules' });
    const loop = await adminCall(t.app, content, 'POST', '/content/redirects', {
      source: 'loop',
      target: '/loop',
      code: 302,
    });
    expect(loop.json().error.fields.target).toBe('errors.content.redirect_loop');
    const twice = await adminCall(t.app, content, 'POST', '/content/redirects', {
      source: 'old-rules',
      target: '/privacy',
      code: 302,
    });
    expect(twice.json().error.fields.source).toBe('errors.content.path_taken');
    const id = created.json().data.id;
    expect((await adminCall(t.app, content, 'DELETE', `/content/redirects/${id}`)).statusCode).toBe(200);
    expect((await t.get('/api/v18/pages/old-rules')).json().data).toBeNull();
    expect((await auditRows('redirect.delete')).at(-1)?.before).toMatchObject({ source: 'old-rules' });
  });

  it('changes the cookie notice text by its own schema; other keys and bad values are refused', async () => {
    const list = (await adminCall(t.app, content, 'GET', '/content/settings')).json().data;
    expect(list.map((s: { alias: string }) => s.alias)).toContain('cookie_bar');
    await t.get('/api/v18/settings');
    const value = { enabled: true, text: 'Мы используем cookie для работы сайта.' };
    const saved = await adminCall(t.app, content, 'PUT', '/content/settings/cookie_bar', { value });
    expect(saved.statusCode).toBe(200);
    const settings = (await t.get('/api/v18/settings')).json().data;
    const cookie = settings.find((s: { alias: string }) => s.alias === 'cookie_bar');
    expect(JSON.parse(cookie.value)).toEqual(value);
    expect((await auditRows('setting.update')).at(-1)).toMatchObject({
      target_id: 'cookie_bar',
      after: { value },
    });

    const bad = await adminCall(t.app, content, 'PUT', '/content/settings/cookie_bar', {
      value: { enabled: 'yes', text: 'коротко' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      'value.enabled': 'errors.content.bad_setting',
      'value.text': 'errors.content.bad_setting',
    });
    const age = await adminCall(t.app, content, 'PUT', '/content/settings/legal', {
      value: {
        minimum_age: 16,
        license: 'x',
        licensee: '',
        license_number: '',
        address: '',
        support_email: '',
      },
    });
    expect(age.json().error.fields['value.minimum_age']).toBe('errors.content.bad_setting');
    const signature = await adminCall(t.app, content, 'PUT', '/content/settings/signature', { value: {} });
    expect(signature.statusCode).toBe(404);
    expect(signature.json().error.message).toBe('errors.content.setting_not_editable');
    const byMarketing = await adminCall(t.app, marketing, 'PUT', '/content/settings/cookie_bar', { value });
    expect(byMarketing.statusCode).toBe(403);
  });
});
