import { createHmac, timingSafeEqual } from 'node:crypto';

/** The sandbox's documented webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_SIGNATURE_TOLERANCE_SECONDS = 300;

export function signSandboxBody(secret: string, body: string | Buffer, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export function verifySandboxSignature(
  secret: string,
  body: Buffer,
  header: string | undefined,
  nowSeconds: number,
): 'ok' | 'signature' | 'stale' {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isSafeInteger(t) || typeof parts.v1 !== 'string') return 'signature';
  const expected = Buffer.from(signSandboxBody(secret, body, t).split('v1=')[1] ?? '', 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
  return Math.abs(nowSeconds - t) > SANDBOX_SIGNATURE_TOLERANCE_SECONDS ? 'stale' : 'ok';
}
