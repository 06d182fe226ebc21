import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRequisites, luhnValid, maskRequisite, requisitesToFind } from './requisites.ts';

const now = new Date(Date.UTC(2026, 10, 22));

/** The check digit that makes a number pass Luhn, computed the textbook way (independently). */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const candidate = body + d;
    const sum = [...candidate]
      .reverse()
      .map(Number)
      .map((n, i) => (i % 2 === 1 ? (n * 2 > 9 ? n * 2 - 9 : n * 2) : n))
      .reduce((a, b) => a + b, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

const cardBody = fc.stringMatching(/^[2-6]\d{14}$/);

describe('payment requisites (spec §5)', () => {
  it('accepts known test card numbers and refuses a changed digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('2200000000000004')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('accepts every number with a correct check digit and refuses every single-digit error', () => {
    fc.assert(
      fc.property(cardBody, fc.nat(15), fc.integer({ min: 1, max: 9 }), (body, position, delta) => {
        const card = withCheckDigit(body);
        expect(checkRequisites(['card'], { card: card.replace(/(\d{4})/g, '$1 ') }, now).ok).toBe(true);
        const wrong =
          card.slice(0, position) + String((Number(card[position]) + delta) % 10) + card.slice(position + 1);
        expect(checkRequisites(['card'], { card: wrong }, now)).toMatchObject({
          ok: false,
          fields: { 'requisites.card': 'errors.api.payment.requisite.invalid_format' },
          expected: { 'requisites.card': '0000 0000 0000 0000' },
        });
      }),
    );
  });

  it('names each blank requisite with its own message key', () => {
    expect(checkRequisites(['card', 'phone', 'purse', 'email', 'card_expiry'], {}, now)).toEqual({
      ok: false,
      fields: {
        'requisites.card': 'errors.api.payment.requisite.card_not_blank',
        'requisites.phone': 'errors.api.payment.requisite.phone_not_blank',
        'requisites.purse': 'errors.api.payment.requisite.customer_purse_not_blank',
        'requisites.email': 'errors.api.payment.requisite.email_not_blank',
        'requisites.card_expiry': 'errors.not_blank',
      },
      expected: {},
    });
  });

  it('refuses an expired card and accepts this month', () => {
    expect(checkRequisites(['card_expiry'], { card_expiry: '10/26' }, now).ok).toBe(false);
    expect(checkRequisites(['card_expiry'], { card_expiry: '11/26' }, now).ok).toBe(true);
    expect(checkRequisites(['card_expiry'], { card_expiry: '13/30' }, now).ok).toBe(false);
  });

  it('normalises phones and e-mails, and keeps only six and four digits of a card', () => {
    const checked = checkRequisites(
      ['phone', 'email', 'card'],
      { phone: '+7 (900) 123-45-67', email: 'Player@Example.com', card: '4111 1111 1111 1111' },
      now,
    );
    expect(checked).toEqual({
      ok: true,
      values: { phone: '+79001234567', email: 'player@example.com', card: '4111111111111111' },
    });
    expect(maskRequisite('card', '4111111111111111')).toBe('411111******1111');
    fc.assert(
      fc.property(cardBody, (body) => {
        const masked = maskRequisite('card', withCheckDigit(body));
        expect(masked).toMatch(/^\d{6}\*{6}\d{4}$/);
      }),
    );
  });
});

describe('payment details an operator searches for', () => {
  it('finds a whole card as it is kept (masked), or the masked form the back office shows', () => {
    expect(requisitesToFind('4111 1111 1111 1111')).toContainEqual({ card: '411111******1111' });
    expect(requisitesToFind('411111******1111')).toEqual([{ card: '411111******1111' }]);
    // A number failing the Luhn check is no card.
    expect(requisitesToFind('4111 1111 1111 1112')).not.toContainEqual(
      expect.objectContaining({ card: expect.anything() }),
    );
  });
  it('reads a phone the domestic way, a purse and an e-mail as typed', () => {
    expect(requisitesToFind('8 (912) 000-11-22')).toEqual([{ phone: '+79120001122' }]);
    expect(requisitesToFind('P7654321')).toEqual([{ purse: 'P7654321' }]);
    expect(requisitesToFind('Ivan@Example.com')).toEqual([{ email: 'ivan@example.com' }]);
    expect(requisitesToFind('Иван')).toEqual([]);
  });
});
