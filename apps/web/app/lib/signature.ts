import { SIGNATURE_HEADER, signatureMessage, signatureMinute } from '@kometa/contracts/signature';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    keys.set(secret, key);
  }
  return key;
}

/**
 * The request signature of spec §7 (ADR 005): HMAC-SHA256 over the path, the user agent and the
 * minute of the server's clock, with the site's public key. WebCrypto, so the same code signs in the
 * browser and on the server.
 */
export async function signPath(
  secret: string,
  path: string,
  userAgent: string,
  serverNowMs: number,
): Promise<Record<string, string>> {
  const digest = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    encoder.encode(signatureMessage(path, userAgent, signatureMinute(serverNowMs))),
  );
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return { [SIGNATURE_HEADER]: hex };
}
