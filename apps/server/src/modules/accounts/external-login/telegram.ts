import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Data older than this is refused (replays of a captured login). */
export const TELEGRAM_MAX_AGE_SECONDS = 300;

export interface TelegramIdentity {
  id: number;
  username: string | null;
  authDate: number;
}

function dataCheckString(fields: Map<string, string>): string {
  return [...fields.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === 32 && a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Telegram Login Widget: hash = HMAC-SHA256(data-check-string) keyed with SHA-256(bot token), per
 * Telegram's documentation. Answers the identity, or why it is refused.
 */
export function verifyWidget(
  data: Record<string, string | number | undefined>,
  botToken: string,
  nowSeconds: number,
): TelegramIdentity | 'invalid' | 'expired' {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) if (value !== undefined) fields.set(key, String(value));
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
  if (!sameHex(expected, String(data.hash ?? ''))) return 'invalid';
  return identity(
    Number(data.id),
    (data.username as string | undefined) ?? null,
    Number(data.auth_date),
    nowSeconds,
  );
}

/**
 * Telegram Mini App initData: hash = HMAC-SHA256(data-check-string) keyed with
 * HMAC-SHA256("WebAppData", bot token); the player is the JSON `user` field.
 */
export function verifyInitData(
  initData: string,
  botToken: string,
  nowSeconds: number,
): TelegramIdentity | 'invalid' | 'expired' {
  const params = new URLSearchParams(initData);
  const fields = new Map<string, string>();
  for (const [key, value] of params) fields.set(key, value);
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
  if (!sameHex(expected, fields.get('hash') ?? '')) return 'invalid';
  let user: { id?: unknown; username?: unknown };
  try {
    user = JSON.parse(fields.get('user') ?? '');
  } catch {
    return 'invalid';
  }
  return identity(
    Number(user.id),
    typeof user.username === 'string' ? user.username : null,
    Number(fields.get('auth_date')),
    nowSeconds,
  );
}

function identity(
  id: number,
  username: string | null,
  authDate: number,
  nowSeconds: number,
): TelegramIdentity | 'invalid' | 'expired' {
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(authDate)) return 'invalid';
  if (nowSeconds - authDate > TELEGRAM_MAX_AGE_SECONDS || authDate - nowSeconds > 60) return 'expired';
  return { id, username, authDate };
}
