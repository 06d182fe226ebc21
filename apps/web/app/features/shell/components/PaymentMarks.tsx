import type { ReactNode } from 'react';
import { ru } from '../../../i18n/ru.ts';

/**
 * The payment methods the cashier takes, as simple monochrome marks drawn here (currentColor, one
 * 56×32 box each): not the brands' artwork, a recognisable sign of each.
 */
const MARKS: { id: string; label: string; art: ReactNode }[] = [
  {
    id: 'visa',
    label: 'Visa',
    art: (
      <text
        x="28"
        y="21.5"
        textAnchor="middle"
        fontSize="15"
        fontWeight="800"
        fontStyle="italic"
        letterSpacing="0.5"
        fill="currentColor"
      >
        VISA
      </text>
    ),
  },
  {
    id: 'mastercard',
    label: 'Mastercard',
    art: (
      <>
        <circle cx="22.5" cy="16" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="33.5" cy="16" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M28 9.5a8.5 8.5 0 0 1 0 13 8.5 8.5 0 0 1 0-13Z" fill="currentColor" />
      </>
    ),
  },
  {
    id: 'mir',
    label: 'МИР',
    art: (
      <>
        <text
          x="28"
          y="21.5"
          textAnchor="middle"
          fontSize="15"
          fontWeight="800"
          letterSpacing="0.5"
          fill="currentColor"
        >
          МИР
        </text>
        <path d="M13 25.5h30" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" opacity="0.6" />
      </>
    ),
  },
  {
    id: 'sbp',
    label: 'СБП',
    art: (
      <>
        <path d="M9 8 17 12.5V21.5L9 26Z" fill="currentColor" opacity="0.55" />
        <path d="M9 8 25 17 9 26" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <text x="39" y="21" textAnchor="middle" fontSize="11.5" fontWeight="800" fill="currentColor">
          СБП
        </text>
      </>
    ),
  },
  {
    id: 'bitcoin',
    label: 'Bitcoin',
    art: (
      <>
        <circle cx="28" cy="16" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M25 10.5v11M26.5 9v2M26.5 21v2M25 11h4.2a2.6 2.6 0 0 1 0 5.2H25m0 0h4.8a2.7 2.7 0 0 1 0 5.4H25"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </>
    ),
  },
  {
    id: 'usdt',
    label: 'USDT',
    art: (
      <>
        <path
          d="M17 8h22l6 8-17 12L11 16Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M22 12.5h12M28 12.5v10" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        <ellipse cx="28" cy="16" rx="7" ry="2" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </>
    ),
  },
  {
    id: 'ton',
    label: 'TON',
    art: (
      <>
        <path
          d="M19 9h18a2 2 0 0 1 1.7 3L28 27 17.3 12A2 2 0 0 1 19 9Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M28 9v18" stroke="currentColor" strokeWidth="2" />
      </>
    ),
  },
];

export function PaymentMarks() {
  return (
    <ul className="payment-marks" aria-label={ru.footer.payments}>
      {MARKS.map((mark) => (
        <li key={mark.id} className="payment-mark" title={mark.label}>
          <svg viewBox="0 0 56 32" width="56" height="32" role="img" aria-label={mark.label}>
            {mark.art}
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** The 18+ mark: a ring with the age inside. */
export function AgeMark({ age }: { age: number }) {
  return (
    <svg
      className="age-mark"
      viewBox="0 0 40 40"
      width="40"
      height="40"
      role="img"
      aria-label={ru.footer.ageMark(age)}
    >
      <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <text x="20" y="25" textAnchor="middle" fontSize="13" fontWeight="800" fill="currentColor">
        {age}+
      </text>
    </svg>
  );
}

/** The licence seal of the footer: a shield with a check. */
export function LicenceSeal() {
  return (
    <svg className="licence-seal" viewBox="0 0 40 44" width="36" height="40" aria-hidden="true">
      <path
        d="M20 2 36 8v12c0 10-6.8 17.6-16 22C10.8 37.6 4 30 4 20V8Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path
        d="m13 22 5 5 9-10"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
