import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../../src/modules/payments/index.ts';

/** A KYC upload as a browser sends it: the `type` field first, then the file. */
export function kycUpload(type = 'passport'): { payload: Buffer; contentType: string } {
  const boundary = '----access-matrix-boundary';
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('a passport scan, as far as the access matrix is concerned'),
  ]);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="scan.png"\r\ncontent-type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A sandbox notification signed as the sandbox signs it (its documented scheme). */
export function sandboxNotification(
  secret: string,
  body: object,
  now = Date.now(),
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(body);
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, payload, Math.floor(now / 1000)),
    },
  };
}
