/**
 * CSV for the back office's exports (RFC 4180): comma-separated, CRLF, fields quoted when they need it,
 * UTF-8 with a byte-order mark so that spreadsheet programs read Cyrillic. A field a spreadsheet would
 * run as a formula (=, +, -, @, tab, carriage return at its start) is prefixed with an apostrophe
 * (OWASP: CSV injection).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** The Content-Disposition of a download named `name` (ASCII only, so no encoding is needed). */
export const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;
