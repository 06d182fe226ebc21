import { describe, expect, it } from 'vitest';
import { phoneDigitsAsTyped } from './phone-typed.ts';

describe('a phone as typed', () => {
  it('reads the Russian domestic 8 as +7, and keeps an international + as written', () => {
    expect(phoneDigitsAsTyped('8 (912) 000-11-22')).toBe('79120001122');
    expect(phoneDigitsAsTyped('+7 912 000 11 22')).toBe('79120001122');
    expect(phoneDigitsAsTyped('79120001122')).toBe('79120001122');
    expect(phoneDigitsAsTyped('+86 10 1234 5678')).toBe('861012345678');
    expect(phoneDigitsAsTyped('8 999')).toBe('7999');
  });
  it('is no phone when letters or other signs are in it', () => {
    expect(phoneDigitsAsTyped('ivan@example.com')).toBeNull();
    expect(phoneDigitsAsTyped('P7654321')).toBeNull();
    expect(phoneDigitsAsTyped(' - ')).toBeNull();
  });
});
