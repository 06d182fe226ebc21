import type { PromotionCard } from '@kometa/contracts';
import { formatDate } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';

/** Promotion periods are the operator's, in Moscow time (the same text on the server and in the browser). */
const ZONE = 'Europe/Moscow';

/** «до 31.12.2026», «с 03.12.2026» for one coming, or «Постоянная акция». */
export function periodText(promotion: Pick<PromotionCard, 'status' | 'startsAt' | 'endsAt'>): string {
  if (promotion.status === 'soon' && promotion.startsAt !== null) {
    const from = ru.promotions.from(formatDate(promotion.startsAt, ZONE));
    return promotion.endsAt === null
      ? from
      : `${from} ${ru.promotions.until(formatDate(promotion.endsAt, ZONE))}`;
  }
  return promotion.endsAt === null
    ? ru.promotions.always
    : ru.promotions.until(formatDate(promotion.endsAt, ZONE));
}

/**
 * Russian typography on the operator's text: no break inside a number's groups ("25 000") or before
 * its sign ("500 ₽", "10 %"), nor after a one-letter word.
 */
export function typography(text: string): string {
  return text
    .replace(/(\d) (?=\d{3}\b)/g, '$1\u00a0')
    .replace(/ (₽|%)/g, '\u00a0$1')
    .replace(/(^|\s)([а-яА-ЯёЁ]) /g, '$1$2\u00a0');
}

/** Where a promotion's button leads: its page for a claim (read the terms, then claim), else its path. */
export const actionTarget = (promotion: Pick<PromotionCard, 'slug' | 'action'>) =>
  promotion.action.kind === 'claim' || promotion.action.path === null
    ? `/actions/${promotion.slug}`
    : promotion.action.path;
