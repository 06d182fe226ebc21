import { Link } from 'react-router';
import type { PromotionCard as Card } from '@kometa/contracts';
import { ru } from '../../../i18n/ru.ts';
import { actionTarget, periodText, typography } from './promotion-display.ts';

export const CalendarIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <g fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <rect x="3.5" y="5" width="17" height="15" rx="3" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </g>
  </svg>
);

/** One promotion of the list: big art with its badge, the title, the summary, the period and two ways in. */
export function PromotionCard({ promotion, headingLevel = 2 }: { promotion: Card; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const detail = `/actions/${promotion.slug}`;
  return (
    <article className="promo-card" data-testid="promotion-card" aria-labelledby={`promo-${promotion.slug}`}>
      <Link to={detail} className="promo-card-art" tabIndex={-1} aria-hidden="true">
        <img src={promotion.image} alt="" width={960} height={540} loading="lazy" decoding="async" />
        {(promotion.status === 'soon' || promotion.badge) && (
          <span className={promotion.status === 'soon' ? 'promo-badge promo-badge-soon' : 'promo-badge'}>
            {promotion.status === 'soon' ? ru.promotions.soon : promotion.badge}
          </span>
        )}
      </Link>
      <div className="promo-card-body">
        <p className="promo-period">
          <CalendarIcon />
          {periodText(promotion)}
        </p>
        <Heading className="promo-card-title" id={`promo-${promotion.slug}`}>
          <Link to={detail}>{typography(promotion.title)}</Link>
        </Heading>
        <p className="promo-card-summary">{typography(promotion.summary)}</p>
        <div className="promo-card-actions">
          <Link className="button button-accent" to={actionTarget(promotion)}>
            {promotion.action.label}
          </Link>
          <Link className="button button-ghost" to={detail}>
            {ru.promotions.more}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The list's grid (the /actions/list page and the home page's section). */
export function PromotionGrid({ promotions, headingLevel }: { promotions: Card[]; headingLevel?: 2 | 3 }) {
  return (
    <div className="promo-grid" data-testid="promotion-grid">
      {promotions.map((promotion) => (
        <PromotionCard
          key={promotion.slug}
          promotion={promotion}
          {...(headingLevel ? { headingLevel } : {})}
        />
      ))}
    </div>
  );
}
