import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signBody, verifyBody } from './signature.ts';

describe('provider request signatures', () => {
  it('accepts an HMAC signature over the exact bytes and refuses any change', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (body, extra) => {
        const key = { hmacSecret: 'provider-secret-0123456789' };
        const header = signBody(body, key);
        expect(verifyBody(Buffer.from(body), header, key)).toBe(true);
        expect(verifyBody(Buffer.from(body + extra), header, key)).toBe(false);
        expect(verifyBody(Buffer.from(body), header, { hmacSecret: 'another-secret-0123456789' })).toBe(
          false,
        );
      }),
      { numRuns: 50 },
    );
  });

  it('accepts an RSA-SHA256 signature with the provider’s public key only', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const body = Buffer.from('{"request_uuid":"r1","amount":100}');
    const header = signBody(body, { rsaPrivateKey: privateKey });
    expect(header).toMatch(/^rsa-sha256=/);
    expect(verifyBody(body, header, { rsaPublicKey: publicKey })).toBe(true);
    expect(verifyBody(body, header, { rsaPublicKey: other.publicKey })).toBe(false);
    expect(
      verifyBody(Buffer.from('{"request_uuid":"r1","amount":101}'), header, { rsaPublicKey: publicKey }),
    ).toBe(false);
    expect(verifyBody(body, undefined, { rsaPublicKey: publicKey })).toBe(false);
    expect(verifyBody(body, header.replace('rsa-sha256', 'sha256'), { rsaPublicKey: publicKey })).toBe(false);
  });
});
