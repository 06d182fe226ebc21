/**
 * Request signature (spec §7). The client sends `X-Signature: <hex HMAC-SHA256>` over this message,
 * keyed with the site's public signature key (published in settings). `minute` is
 * floor((clientNow + serverOffset) / 60000), where serverOffset comes from GET /time. It deters naive
 * scripted traffic; it is not authentication (see ADR 005).
 */
export const SIGNATURE_HEADER = 'x-signature';
export const SIGNATURE_EXEMPT_PATHS = ['/api/v18/time'] as const;

export function signatureMessage(path: string, userAgent: string, minute: number): string {
  return `${path}\n${userAgent}\n${minute}`;
}

export function signatureMinute(serverTimeMs: number): number {
  return Math.floor(serverTimeMs / 60_000);
}
