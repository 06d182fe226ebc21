import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSitePath, toSitePath } from './site-path.ts';

const SITE = 'https://kometa.example';

describe('every redirect of the site stays on the site', () => {
  it.each([
    ['//evil.example/x', '/evil.example/x'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/\t/evil.example', '/evil.example'],
    ['/\n/evil.example', '/evil.example'],
    ['///evil.example?a=1', '/evil.example?a=1'],
    ['/games?page=2', '/games?page=2'],
    ['', '/'],
  ])('%j becomes %j', (target, path) => {
    expect(toSitePath(target)).toBe(path);
    expect(new URL(toSitePath(target), SITE).origin).toBe(SITE);
  });

  it('never resolves to another origin, whatever the address', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (target) => {
        expect(new URL(toSitePath(target), SITE).origin).toBe(SITE);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.webUrl(), fc.constantFrom('', '/', '//', '/\\', '\\'), (url, prefix) => {
        expect(new URL(toSitePath(prefix + url), SITE).origin).toBe(SITE);
      }),
    );
  });

  it('takes return paths of this site only', () => {
    expect(isSitePath('/payment/deposit?x=1')).toBe(true);
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/\t/evil.example',
      null,
    ])
      expect(isSitePath(path)).toBe(false);
  });
});
