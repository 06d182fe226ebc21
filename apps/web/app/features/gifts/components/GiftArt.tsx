import { useId, type ReactNode } from 'react';
import type { GiftKind } from '@kometa/contracts';

/** Gold, violet, cyan, green, pink: the gradients the illustrations are drawn with. */
function Gradients({ id }: { id: string }) {
  return (
    <defs>
      <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#ffe08a" />
        <stop offset="0.55" stopColor="#ffb547" />
        <stop offset="1" stopColor="#d9822b" />
      </linearGradient>
      <linearGradient id={`${id}-gold-edge`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#c9731f" />
        <stop offset="1" stopColor="#8a4a12" />
      </linearGradient>
      <linearGradient id={`${id}-violet`} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#a995ff" />
        <stop offset="1" stopColor="#5a48f0" />
      </linearGradient>
      <linearGradient id={`${id}-cyan`} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#8ff5ff" />
        <stop offset="1" stopColor="#1fa2d6" />
      </linearGradient>
      <linearGradient id={`${id}-green`} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#9dffcf" />
        <stop offset="1" stopColor="#17a86b" />
      </linearGradient>
      <linearGradient id={`${id}-pink`} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#ff9ad5" />
        <stop offset="1" stopColor="#e0407f" />
      </linearGradient>
      <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stopColor="#ffffff" stopOpacity="0.45" />
        <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
      </radialGradient>
    </defs>
  );
}

/** A four-pointed sparkle centred at (x, y). */
const Sparkle = ({ x, y, r, fill = '#fff' }: { x: number; y: number; r: number; fill?: string }) => (
  <path
    d={`M${x} ${y - r} Q${x + r * 0.18} ${y - r * 0.18} ${x + r} ${y} Q${x + r * 0.18} ${y + r * 0.18} ${x} ${y + r} Q${x - r * 0.18} ${y + r * 0.18} ${x - r} ${y} Q${x - r * 0.18} ${y - r * 0.18} ${x} ${y - r}Z`}
    fill={fill}
  />
);

/** A coin seen from the front, its edge below it, with the ruble sign drawn as strokes. */
function Coin({ id, cx, cy, r }: { id: string; cx: number; cy: number; r: number }) {
  const s = r / 20;
  // Rounded, so that the server's and the browser's markup agree to the digit.
  const n = (value: number) => Math.round(value * 100) / 100;
  return (
    <g>
      <ellipse cx={cx} cy={n(cy + 3 * s)} rx={r} ry={r} fill={`url(#${id}-gold-edge)`} />
      <circle cx={cx} cy={cy} r={r} fill={`url(#${id}-gold)`} />
      <circle
        cx={cx}
        cy={cy}
        r={r * 0.78}
        fill="none"
        stroke="#b8661c"
        strokeOpacity="0.55"
        strokeWidth={n(1.6 * s)}
      />
      <path
        d={`M${n(cx - 4 * s)} ${n(cy + 9 * s)} V${n(cy - 9 * s)} H${n(cx + 2 * s)} a${n(5 * s)} ${n(5 * s)} 0 0 1 0 ${n(10 * s)} H${n(cx - 7 * s)} M${n(cx - 7 * s)} ${n(cy + 5 * s)} H${n(cx + 3 * s)}`}
        fill="none"
        stroke="#8a4a12"
        strokeWidth={n(2.6 * s)}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

/** A stack of coins seen from the side. */
function CoinStack({ id, x, y, count }: { id: string; x: number; y: number; count: number }) {
  return (
    <g>
      {Array.from({ length: count }, (_, i) => (
        <g key={i}>
          <ellipse cx={x} cy={y - i * 7 + 4} rx="18" ry="6" fill={`url(#${id}-gold-edge)`} />
          <ellipse cx={x} cy={y - i * 7} rx="18" ry="6" fill={`url(#${id}-gold)`} />
        </g>
      ))}
    </g>
  );
}

function BonusMoney({ id }: { id: string }) {
  return (
    <>
      <circle cx="60" cy="60" r="44" fill={`url(#${id}-glow)`} />
      <CoinStack id={id} x={32} y={92} count={4} />
      <CoinStack id={id} x={88} y={94} count={3} />
      <Coin id={id} cx={60} cy={56} r={26} />
      <Sparkle x={94} y={30} r={7} />
      <Sparkle x={24} y={40} r={4.5} fill="#ffe08a" />
      <Sparkle x={84} y={64} r={3.5} />
    </>
  );
}

function DepositBonus({ id }: { id: string }) {
  return (
    <>
      <circle cx="60" cy="60" r="44" fill={`url(#${id}-glow)`} />
      <g transform="rotate(-12 52 66)">
        <rect x="18" y="46" width="68" height="44" rx="8" fill={`url(#${id}-violet)`} />
        <rect x="18" y="56" width="68" height="8" fill="#2a1f8f" fillOpacity="0.55" />
        <rect x="26" y="72" width="22" height="5" rx="2.5" fill="#fff" fillOpacity="0.7" />
        <rect x="26" y="80" width="12" height="4" rx="2" fill="#fff" fillOpacity="0.45" />
      </g>
      <circle cx="84" cy="42" r="22" fill={`url(#${id}-gold)`} />
      <circle cx="84" cy="42" r="22" fill="none" stroke="#fff" strokeOpacity="0.5" strokeWidth="2" />
      <circle cx="77" cy="35" r="4" fill="none" stroke="#7a3e0c" strokeWidth="3" />
      <circle cx="91" cy="49" r="4" fill="none" stroke="#7a3e0c" strokeWidth="3" />
      <path d="M93 33 L75 51" stroke="#7a3e0c" strokeWidth="3.4" strokeLinecap="round" />
      <path d="M24 30 v14 M17 37 h14" stroke="#ffe08a" strokeWidth="4" strokeLinecap="round" />
      <Sparkle x={104} y={74} r={5} />
    </>
  );
}

function FreeSpins({ id }: { id: string }) {
  const sectors = 10;
  return (
    <>
      <circle cx="60" cy="62" r="44" fill={`url(#${id}-glow)`} />
      <circle cx="60" cy="62" r="38" fill="#1a1240" stroke={`url(#${id}-gold)`} strokeWidth="6" />
      {Array.from({ length: sectors }, (_, i) => {
        const a0 = (i / sectors) * Math.PI * 2;
        const a1 = ((i + 1) / sectors) * Math.PI * 2;
        const r = 33;
        const p = (a: number) => `${(60 + r * Math.sin(a)).toFixed(2)} ${(62 - r * Math.cos(a)).toFixed(2)}`;
        const fills = [`url(#${id}-cyan)`, `url(#${id}-pink)`, `url(#${id}-violet)`, `url(#${id}-green)`];
        return <path key={i} d={`M60 62 L${p(a0)} A${r} ${r} 0 0 1 ${p(a1)} Z`} fill={fills[i % 4]} />;
      })}
      {Array.from({ length: sectors }, (_, i) => {
        const a = (i / sectors) * Math.PI * 2;
        return (
          <circle
            key={i}
            cx={(60 + 38 * Math.sin(a)).toFixed(2)}
            cy={(62 - 38 * Math.cos(a)).toFixed(2)}
            r="2.2"
            fill="#fff8e0"
          />
        );
      })}
      <circle cx="60" cy="62" r="10" fill={`url(#${id}-gold)`} stroke="#8a4a12" strokeWidth="2" />
      <path d="M60 14 L52 28 H68 Z" fill="#fff" stroke="#8a4a12" strokeWidth="2" strokeLinejoin="round" />
      <Sparkle x={102} y={26} r={6} />
      <Sparkle x={18} y={96} r={4} fill="#8ff5ff" />
    </>
  );
}

function FreeBet({ id }: { id: string }) {
  const notches = 8;
  return (
    <>
      <circle cx="60" cy="60" r="44" fill={`url(#${id}-glow)`} />
      <ellipse cx="60" cy="68" rx="36" ry="36" fill="#0c3d2a" />
      <circle cx="60" cy="62" r="36" fill={`url(#${id}-green)`} />
      {Array.from({ length: notches }, (_, i) => (
        <rect
          key={i}
          x="55"
          y="26"
          width="10"
          height="12"
          rx="2"
          fill="#fff"
          fillOpacity="0.9"
          transform={`rotate(${(360 / notches) * i} 60 62)`}
        />
      ))}
      <circle
        cx="60"
        cy="62"
        r="22"
        fill="#0f6b45"
        stroke="#fff"
        strokeOpacity="0.85"
        strokeWidth="2"
        strokeDasharray="4 4"
      />
      <path
        d="M60 48 L64.1 56.4 L73.3 57.7 L66.6 64.2 L68.2 73.3 L60 69 L51.8 73.3 L53.4 64.2 L46.7 57.7 L55.9 56.4 Z"
        fill={`url(#${id}-gold)`}
      />
      <Sparkle x={100} y={28} r={6} />
      <Sparkle x={22} y={30} r={4} fill="#9dffcf" />
    </>
  );
}

function Cashback({ id }: { id: string }) {
  return (
    <>
      <circle cx="60" cy="60" r="44" fill={`url(#${id}-glow)`} />
      <path
        d="M24 56 A36 36 0 0 1 88 34"
        fill="none"
        stroke={`url(#${id}-cyan)`}
        strokeWidth="9"
        strokeLinecap="round"
      />
      <path d="M80 22 L96 36 L76 42 Z" fill="#8ff5ff" />
      <path
        d="M96 66 A36 36 0 0 1 32 88"
        fill="none"
        stroke={`url(#${id}-pink)`}
        strokeWidth="9"
        strokeLinecap="round"
      />
      <path d="M40 100 L24 86 L44 80 Z" fill="#ff9ad5" />
      <Coin id={id} cx={60} cy={60} r={20} />
      <Sparkle x={104} y={96} r={5} />
    </>
  );
}

function Points({ id }: { id: string }) {
  return (
    <>
      <circle cx="60" cy="60" r="44" fill={`url(#${id}-glow)`} />
      <path d="M36 30 H84 L104 52 L60 100 L16 52 Z" fill={`url(#${id}-cyan)`} />
      <path
        d="M36 30 L48 52 L60 30 L72 52 L84 30"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.6"
        strokeWidth="2"
      />
      <path d="M16 52 H104" stroke="#fff" strokeOpacity="0.6" strokeWidth="2" />
      <path
        d="M48 52 L60 100 L72 52"
        fill="#fff"
        fillOpacity="0.18"
        stroke="#fff"
        strokeOpacity="0.5"
        strokeWidth="2"
      />
      <path d="M36 30 L48 52 H16 Z" fill="#fff" fillOpacity="0.35" />
      <Sparkle x={98} y={24} r={7} />
      <Sparkle x={20} y={92} r={4} fill="#8ff5ff" />
    </>
  );
}

/** A gift box with its ribbon and bow: composite gifts, empty lists, the header's item. */
function Box({ id }: { id: string }) {
  return (
    <>
      <circle cx="60" cy="62" r="44" fill={`url(#${id}-glow)`} />
      <rect x="24" y="56" width="72" height="46" rx="6" fill={`url(#${id}-violet)`} />
      <rect x="18" y="42" width="84" height="18" rx="5" fill={`url(#${id}-pink)`} />
      <rect x="52" y="42" width="16" height="60" fill={`url(#${id}-gold)`} />
      <path
        d="M60 42 C48 22 28 28 36 40 C40 45 52 44 60 42 Z M60 42 C72 22 92 28 84 40 C80 45 68 44 60 42 Z"
        fill={`url(#${id}-gold)`}
        stroke="#b8661c"
        strokeWidth="2"
      />
      <Sparkle x={100} y={26} r={7} />
      <Sparkle x={18} y={28} r={4.5} fill="#ffe08a" />
    </>
  );
}

const ART: Record<GiftKind | 'box', (props: { id: string }) => ReactNode> = {
  bonus_money: BonusMoney,
  deposit_bonus: DepositBonus,
  free_spins: FreeSpins,
  free_bet: FreeBet,
  cashback: Cashback,
  points: Points,
  composite: Box,
  box: Box,
};

/** The drawn illustration of a gift's kind (or of a gift box), decorative: the card names the gift. */
export function GiftArt({ kind, size = 120 }: { kind: GiftKind | 'box'; size?: number }) {
  const id = `gift-art-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const Drawing = ART[kind];
  return (
    <svg
      className="gift-art"
      width={size}
      height={size}
      viewBox="0 0 120 120"
      aria-hidden="true"
      focusable="false"
    >
      <Gradients id={id} />
      <Drawing id={id} />
    </svg>
  );
}

/** The line icon of a gift (the header's item, small buttons), in the current colour. */
export function GiftIcon({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <rect x="3" y="8" width="18" height="4" rx="1" />
        <path d="M5 12v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8" />
        <path d="M12 8v13" />
        <path d="M12 8C10.5 4.5 7 4 6.5 6s2 2 5.5 2zM12 8c1.5-3.5 5-4 5.5-2s-2 2-5.5 2z" />
      </g>
    </svg>
  );
}
