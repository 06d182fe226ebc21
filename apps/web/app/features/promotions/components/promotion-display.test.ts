import { describe, expect, it } from 'vitest';
import { actionTarget, periodText, typography } from './promotion-display.ts';

const nb = '\u00a0';

describe('promotion display', () => {
  it('keeps sums, signs and one-letter words with what follows', () => {
    expect(typography('Приветственный пакет до 25 000 ₽')).toBe(`Приветственный пакет до 25${nb}000${nb}₽`);
    expect(typography('Кешбэк 10 % и 1 000 баллов в неделю')).toBe(
      `Кешбэк 10${nb}% и${nb}1${nb}000 баллов в${nb}неделю`,
    );
  });

  it('writes the period in Moscow time: until the end, from the start of one coming, or without end', () => {
    const end = Date.UTC(2026, 11, 31, 20, 59, 59) / 1000;
    expect(periodText({ status: 'live', startsAt: null, endsAt: end })).toBe('до 31.12.2026');
    expect(periodText({ status: 'soon', startsAt: Date.UTC(2026, 11, 2, 21, 30) / 1000, endsAt: end })).toBe(
      'с 03.12.2026 до 31.12.2026',
    );
    expect(periodText({ status: 'live', startsAt: null, endsAt: null })).toBe('Постоянная акция');
  });

  it('sends a claim to the promotion’s page and the other buttons to their path', () => {
    expect(actionTarget({ slug: 'weekly', action: { kind: 'claim', label: 'Забрать', path: null } })).toBe(
      '/actions/weekly',
    );
    expect(
      actionTarget({ slug: 'kometa', action: { kind: 'gifts', label: 'Ввести', path: '/gifts/promo' } }),
    ).toBe('/gifts/promo');
  });
});
