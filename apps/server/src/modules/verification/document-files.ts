import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The formats a document may be sent in, recognised by their first bytes (never by the name). */
const SIGNATURES: { mime: string; matches: (bytes: Buffer) => boolean }[] = [
  { mime: 'image/jpeg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { mime: 'application/pdf', matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export function sniffMime(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mime ?? null;
}

/**
 * Document files on disk, outside anything the web server serves: each under a random name, written
 * once, readable only by the operator's tool.
 */
export function createDocumentFiles(directory: string) {
  return {
    async store(bytes: Buffer): Promise<{ key: string; sha256: Buffer }> {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const key = randomBytes(16).toString('hex');
      await writeFile(join(directory, key), bytes, { mode: 0o600, flag: 'wx' });
      return { key, sha256: createHash('sha256').update(bytes).digest() };
    },
    pathOf: (key: string) => join(directory, key.replace(/[^0-9a-f]/g, '')),
  };
}

export type DocumentFiles = ReturnType<typeof createDocumentFiles>;
