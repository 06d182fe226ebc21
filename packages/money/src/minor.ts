/**
 * Money is an integer count of minor units (kopecks, cents). It is a plain number at runtime so it
 * serialises as JSON without ceremony, and a branded type at compile time so a major-unit number or a
 * float can never be passed where minor units are expected. Every operation checks that the result is
 * still a safe integer: an overflow is a bug, never a silent rounding.
 */
export type Minor = number & { readonly __unit: 'minor' };

export class MoneyError extends RangeError {
  override name = 'MoneyError';
}

function checked(value: number, what: string): Minor {
  if (!Number.isSafeInteger(value)) {
    throw new MoneyError(`${what} is not a safe integer number of minor units: ${value}`);
  }
  return value as Minor;
}

/** Wraps an integer count of minor units. Throws on fractions, NaN, Infinity or unsafe integers. */
export function minor(value: number): Minor {
  return checked(value, 'amount');
}

export const ZERO = 0 as Minor;

export function add(a: Minor, b: Minor): Minor {
  return checked(a + b, 'sum');
}

export function subtract(a: Minor, b: Minor): Minor {
  return checked(a - b, 'difference');
}

export function negate(a: Minor): Minor {
  return checked(a === 0 ? 0 : -a, 'negation');
}

export function sum(values: readonly Minor[]): Minor {
  let total = 0;
  for (const value of values) total = checked(total + value, 'sum');
  return total as Minor;
}

/** Multiplies by an integer factor (a count of items, never a rate). */
export function times(a: Minor, factor: number): Minor {
  if (!Number.isSafeInteger(factor)) throw new MoneyError(`factor must be an integer: ${factor}`);
  return checked(a * factor, 'product');
}

/**
 * Applies a rate given in basis points (1 % = 100 bp) and rounds half away from zero, done in BigInt so
 * large amounts keep every unit.
 */
export function applyBasisPoints(a: Minor, basisPoints: number): Minor {
  if (!Number.isSafeInteger(basisPoints))
    throw new MoneyError(`basis points must be an integer: ${basisPoints}`);
  const product = BigInt(a) * BigInt(basisPoints);
  const quotient = product / 10_000n;
  const remainder = product % 10_000n;
  const absRemainder = remainder < 0n ? -remainder : remainder;
  const rounded = absRemainder * 2n >= 10_000n ? quotient + (product < 0n ? -1n : 1n) : quotient;
  return checked(Number(rounded), 'rate result');
}

export function compare(a: Minor, b: Minor): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isNegative(a: Minor): boolean {
  return a < 0;
}

export function min(a: Minor, b: Minor): Minor {
  return (a < b ? a : b) as Minor;
}

export function max(a: Minor, b: Minor): Minor {
  return (a > b ? a : b) as Minor;
}
