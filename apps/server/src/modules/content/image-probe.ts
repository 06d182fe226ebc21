import type { ContentImageType } from '@kometa/contracts';

export interface ImageFacts {
  type: ContentImageType;
  width: number;
  height: number;
}

function png(bytes: Buffer): ImageFacts | null {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return null;
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A JPEG's size is in its first start-of-frame segment (SOF0…SOF15 except DHT, JPG and DAC). */
function jpeg(bytes: Buffer): ImageFacts | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      return {
        type: 'image/jpeg',
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
      };
    }
    offset += 2 + length;
  }
  return null;
}

function webp(bytes: Buffer): ImageFacts | null {
  if (bytes.length < 30) return null;
  if (
    bytes.subarray(0, 4).toString('latin1') !== 'RIFF' ||
    bytes.subarray(8, 12).toString('latin1') !== 'WEBP'
  ) {
    return null;
  }
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') {
    return { type: 'image/webp', width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ') {
    return {
      type: 'image/webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { type: 'image/webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/**
 * What an uploaded file really is, from its own bytes (never from the name or the declared type):
 * a PNG, JPEG or WebP with its size, or null.
 */
export function probeImage(bytes: Buffer): ImageFacts | null {
  const facts = png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  if (!facts || facts.width < 1 || facts.height < 1 || facts.width > 10_000 || facts.height > 10_000)
    return null;
  return facts;
}

export const EXTENSIONS: Record<ContentImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
