import { PaymentMessage, REQUISITE_FORMATS, phoneDigitsAsTyped, type RequisiteKind } from '@kometa/contracts';

/** The Luhn check digit test (ISO/IEC 7812) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return digits.length > 0 && total % 10 === 0;
}

const BLANK_MESSAGE: Record<RequisiteKind, string> = {
  card: PaymentMessage.cardNotBlank,
  card_expiry: PaymentMessage.notBlank,
  phone: PaymentMessage.phoneNotBlank,
  purse: PaymentMessage.purseNotBlank,
  email: PaymentMessage.emailNotBlank,
};

type Checked = { value: string } | { problem: 'blank' | 'format' };

function check(kind: RequisiteKind, raw: string, now: Date): Checked {
  const text = raw.trim();
  if (text === '') return { problem: 'blank' };
  switch (kind) {
    case 'card': {
      const digits = text.replace(/[\s-]/g, '');
      return /^\d{13,19}$/.test(digits) && luhnValid(digits) ? { value: digits } : { problem: 'format' };
    }
    case 'card_expiry': {
      const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text);
      if (!match) return { problem: 'format' };
      const month = Number(match[1]);
      const year = 2000 + Number(match[2]);
      if (month < 1 || month > 12) return { problem: 'format' };
      const endOfMonth = Date.UTC(year, month, 1);
      return endOfMonth > now.getTime() ? { value: `${match[1]}/${match[2]}` } : { problem: 'format' };
    }
    case 'phone': {
      const digits = text.replace(/[\s()-]/g, '');
      return /^\+?[1-9]\d{9,14}$/.test(digits)
        ? { value: `+${digits.replace(/^\+/, '')}` }
        : { problem: 'format' };
    }
    case 'purse':
      return /^[A-Za-z0-9]{6,64}$/.test(text) ? { value: text } : { problem: 'format' };
    case 'email':
      return /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(text) && text.length <= 254
        ? { value: text.toLowerCase() }
        : { problem: 'format' };
  }
}

/** What is stored and shown: a card as its first six and last four digits (never the whole number). */
export function maskRequisite(kind: RequisiteKind, value: string): string {
  if (kind === 'card') return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
  return value;
}

export type RequisiteCheck =
  | { ok: true; values: Partial<Record<RequisiteKind, string>> }
  | { ok: false; fields: Record<string, string>; expected: Record<string, string> };

/** Validates the requisites a payment system asks for, with the spec's message keys (§5, §8). */
export function checkRequisites(
  required: readonly RequisiteKind[],
  given: Partial<Record<RequisiteKind, string>> | undefined,
  now: Date,
): RequisiteCheck {
  const values: Partial<Record<RequisiteKind, string>> = {};
  const fields: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const kind of required) {
    const result = check(kind, given?.[kind] ?? '', now);
    if ('value' in result) values[kind] = result.value;
    else if (result.problem === 'blank') fields[`requisites.${kind}`] = BLANK_MESSAGE[kind];
    else {
      fields[`requisites.${kind}`] = PaymentMessage.invalidFormat;
      expected[`requisites.${kind}`] = REQUISITE_FORMATS[kind];
    }
  }
  return Object.keys(fields).length === 0 ? { ok: true, values } : { ok: false, fields, expected };
}

/**
 * The stored payment details an operator's search text could be (ADR 051): a whole card number
 * (masked as it is kept) or a masked one as the back office shows it, a phone, a purse, an e-mail.
 */
export function requisitesToFind(text: string): Partial<Record<RequisiteKind, string>>[] {
  const typed = text.trim();
  const found: Partial<Record<RequisiteKind, string>>[] = [];
  const digits = typed.replace(/[\s-]/g, '');
  if (/^\d{13,19}$/.test(digits) && luhnValid(digits)) found.push({ card: maskRequisite('card', digits) });
  if (/^\d{6}\*{3,9}\d{4}$/.test(digits)) found.push({ card: digits });
  const phone = phoneDigitsAsTyped(typed);
  if (phone && /^[1-9]\d{9,14}$/.test(phone)) found.push({ phone: `+${phone}` });
  if (/^[A-Za-z0-9]{6,64}$/.test(typed)) found.push({ purse: typed });
  if (/^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(typed)) found.push({ email: typed.toLowerCase() });
  return found;
}
