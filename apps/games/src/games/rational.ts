/** Exact non-negative fractions in BigInt, for the originals' return computations (reduced). */
export interface Ratio {
  n: bigint;
  d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

export function ratio(n: bigint | number, d: bigint | number = 1n): Ratio {
  const [num, den] = [BigInt(n), BigInt(d)];
  if (den === 0n) throw new Error('a fraction has a non-zero denominator');
  const divisor = gcd(num < 0n ? -num : num, den) || 1n;
  return { n: num / divisor, d: den / divisor };
}

export const plus = (a: Ratio, b: Ratio) => ratio(a.n * b.d + b.n * a.d, a.d * b.d);
export const times = (a: Ratio, b: Ratio) => ratio(a.n * b.n, a.d * b.d);

/** n choose k, exactly. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}
