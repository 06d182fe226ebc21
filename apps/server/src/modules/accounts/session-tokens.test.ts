import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSealer, newSmsCode, siteLink } from './session-tokens.ts';

function rngOf(values: number[]) {
  let i = 0;
  return {
    bytes: () => {
      const buffer = Buffer.alloc(4);
      buffer.writeUInt32BE(values[i++ % values.length]!);
      return buffer;
    },
  };
}

describe('SMS codes', () => {
  it('are always six digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_293_999_999 }), (value) => {
        expect(newSmsCode(rngOf([value]))).toMatch(/^\d{6}$/);
      }),
    );
    expect(newSmsCode(rngOf([7]))).toBe('000007');
  });

  it('redraw the top of the 32-bit range so every code is equally likely', () => {
    expect(newSmsCode(rngOf([4_294_967_295, 4_294_000_000, 123_456]))).toBe('123456');
  });
});

describe('sealed secrets', () => {
  it('open only with the same secret and purpose, and refuse tampering', () => {
    const sealed = createSealer('s'.repeat(32), 'a').seal('token-value');
    expect(createSealer('s'.repeat(32), 'a').open(sealed)).toBe('token-value');
    expect(createSealer('s'.repeat(32), 'b').open(sealed)).toBeUndefined();
    expect(createSealer('t'.repeat(32), 'a').open(sealed)).toBeUndefined();
    const flipped = Buffer.from(sealed, 'base64url');
    flipped.writeUInt8(flipped.readUInt8(flipped.length - 1) ^ 1, flipped.length - 1);
    expect(createSealer('s'.repeat(32), 'a').open(flipped.toString('base64url'))).toBeUndefined();
  });
});

describe('site links', () => {
  it('join the origin and path with one slash', () => {
    expect(siteLink('https://kometa.example/', '/resetting/reset/x')).toBe(
      'https://kometa.example/resetting/reset/x',
    );
    expect(siteLink('https://kometa.example', '/a')).toBe('https://kometa.example/a');
  });
});
