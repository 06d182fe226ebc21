/**
 * Russian plural categories. The spec shows forms for 0, 1, 2–4 and 5+; the real rule looks at the last
 * two digits: 1, 21, 101 → one; 2–4, 22–24 → few; 0, 5–20, 11–14, 25… → many. A zero form, when
 * given, is used for exactly 0 ("нет бонусов"). Fractions take the genitive singular ("1.5 рубля"),
 * which is the few form.
 */
export type PluralCategory = 'zero' | 'one' | 'few' | 'many';

export interface PluralForms {
  zero?: string;
  one: string;
  few: string;
  many: string;
}

export function pluralCategory(count: number): PluralCategory {
  if (!Number.isFinite(count)) return 'many';
  if (count === 0) return 'zero';
  if (!Number.isInteger(count)) return 'few';
  const n = Math.abs(count);
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return 'many';
  if (last === 1) return 'one';
  if (last >= 2 && last <= 4) return 'few';
  return 'many';
}

/** Picks the form for a count; without a zero form, 0 takes the many form ("0 игр"). */
export function pluralRu(count: number, forms: PluralForms): string {
  const category = pluralCategory(count);
  if (category === 'zero') return forms.zero ?? forms.many;
  return forms[category];
}
