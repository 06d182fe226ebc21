import { formatAmount } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { wagerPercent, wagerPercentText } from '../gift-display.ts';

/** Wagering done of the requirement: a bar, the per cent, and both sums («1 250,00 ₽ из 10 000,00 ₽»). */
export function WagerProgress({
  current,
  required,
  currency,
  compact = false,
}: {
  current: number;
  required: number;
  currency: string;
  compact?: boolean;
}) {
  const percent = wagerPercent(current, required);
  const done = formatAmount(Math.min(current, required), currency);
  const total = formatAmount(required, currency);
  return (
    <div className={compact ? 'wager wager-compact' : 'wager'}>
      <div className="wager-head">
        <span className="wager-label">{ru.gifts.wagered}</span>
        <strong className="wager-percent" data-testid="wager-percent">
          {wagerPercentText(current, required)}
        </strong>
      </div>
      <div
        className="wager-bar"
        role="progressbar"
        aria-label={ru.gifts.wagered}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={ru.gifts.wagerOf(done, total)}
      >
        <span className="wager-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="wager-sums" data-testid="wager-sums">
        {ru.gifts.wagerOf(done, total)}
      </p>
    </div>
  );
}

/** The header's compact wagering ring: the per cent drawn as an arc. */
export function WagerRing({
  current,
  required,
  size = 30,
}: {
  current: number;
  required: number;
  size?: number;
}) {
  const percent = wagerPercent(current, required);
  const radius = 12;
  const length = 2 * Math.PI * radius;
  return (
    <svg
      className="wager-ring"
      width={size}
      height={size}
      viewBox="0 0 30 30"
      aria-hidden="true"
      focusable="false"
    >
      <circle
        cx="15"
        cy="15"
        r={radius}
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.18"
        strokeWidth="4"
      />
      {percent > 0 && (
        <circle
          cx="15"
          cy="15"
          r={radius}
          fill="none"
          stroke="var(--color-accent)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray={`${((length * percent) / 100).toFixed(2)} ${length.toFixed(2)}`}
          transform="rotate(-90 15 15)"
        />
      )}
    </svg>
  );
}
