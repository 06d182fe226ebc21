import { createHash } from 'node:crypto';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * A neutral cover for a demo game (operators upload real art): a gradient picked from the slug and
 * the title, 4:3, so that the lobby has no layout shift and no broken image.
 */
export function gameCoverSvg(slug: string, title: string): string {
  const hash = createHash('sha256').update(slug).digest();
  const hue = (hash[0]! * 360) / 256;
  const words = title.split(' ');
  const lines = [
    words.slice(0, Math.ceil(words.length / 2)).join(' '),
    words.slice(Math.ceil(words.length / 2)).join(' '),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,38%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,18%)"/></linearGradient></defs>
<rect width="400" height="300" rx="24" fill="url(#g)"/>
${lines
  .filter(Boolean)
  .map(
    (line, i) =>
      `<text x="200" y="${150 + (i - (lines.filter(Boolean).length - 1) / 2) * 44}" font-family="system-ui,sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
  )
  .join('\n')}
</svg>`;
}
