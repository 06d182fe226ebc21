import { createHmac, createSign, createVerify, timingSafeEqual, type KeyObject } from 'node:crypto';

/** How a provider signs: a shared secret, or its RSA private key (Kometa holds the public key). */
export type SigningKey = { hmacSecret: string } | { rsaPrivateKey: string | KeyObject };
export type VerifyingKey = { hmacSecret: string } | { rsaPublicKey: string | KeyObject };

/** The `X-Kometa-Signature` value for a raw body. */
export function signBody(body: string | Buffer, key: SigningKey): string {
  if ('hmacSecret' in key) return `sha256=${createHmac('sha256', key.hmacSecret).update(body).digest('hex')}`;
  const signer = createSign('sha256');
  signer.update(body);
  return `rsa-sha256=${signer.sign(key.rsaPrivateKey, 'base64')}`;
}

/** Checks a signature against the raw body, in constant time for HMAC. */
export function verifyBody(body: Buffer, header: string | undefined, key: VerifyingKey): boolean {
  if (!header) return false;
  const at = header.indexOf('=');
  const scheme = header.slice(0, at);
  const value = header.slice(at + 1);
  if ('hmacSecret' in key) {
    if (scheme !== 'sha256') return false;
    const expected = createHmac('sha256', key.hmacSecret).update(body).digest();
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (scheme !== 'rsa-sha256') return false;
  const verifier = createVerify('sha256');
  verifier.update(body);
  try {
    return verifier.verify(key.rsaPublicKey, value, 'base64');
  } catch {
    return false;
  }
}
