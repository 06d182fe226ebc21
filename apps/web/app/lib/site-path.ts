const BASE = 'http://site.invalid';

/**
 * A path of this site, for any redirect the site makes (ADR 024). Browsers drop tabs and line breaks
 * from an address and read `\` as `/`, so `//evil.example`, `/\evil.example` and `/<tab>/evil.example`
 * would all leave the site: leading slashes and backslashes collapse into one, and whatever still
 * resolves to another origin becomes the home page.
 */
export function toSitePath(target: string): string {
  const cleaned = target.replace(/[\t\n\r]/g, '');
  const path = `/${cleaned.replace(/^[\s/\\]+/, '')}`;
  const resolved = new URL(path, BASE);
  return resolved.origin === BASE ? path : '/';
}

/** Only paths of this site (never another origin, never a protocol-relative address). */
export const isSitePath = (path: string | null | undefined): path is string =>
  typeof path === 'string' && path.startsWith('/') && toSitePath(path) === path;
