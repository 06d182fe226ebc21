import type { games } from './seamless.tables.ts';

/**
 * The games of Kometa's own game server (apps/games); their RTPs are set by the games themselves, their
 * volatility (live RTP's band, ADR 037) by how their payouts spread: even-odds table games and dice
 * low, the classic slot medium, the video slot's free games high.
 */
export const demoGames: (typeof games.$inferInsert)[] = [
  // RTPs in basis points, rounded down from the exact fractions the game server's tests prove.
  {
    provider: 'kometa',
    code: 'classic-slot',
    name: 'Классика 3×3',
    category: 'slots',
    rtpBp: 9683,
    volatility: 'medium' as const,
  },
  {
    provider: 'kometa',
    code: 'video-slot',
    name: 'Звёздные барабаны',
    category: 'slots',
    rtpBp: 9609,
    volatility: 'high' as const,
  },
  {
    provider: 'kometa',
    code: 'roulette',
    name: 'Европейская рулетка',
    category: 'table',
    rtpBp: 9729,
    volatility: 'low' as const,
  },
  {
    provider: 'kometa',
    code: 'dice',
    name: 'Кости',
    category: 'instant',
    rtpBp: 9900,
    volatility: 'low' as const,
  },
  {
    provider: 'kometa',
    code: 'blackjack',
    name: 'Блэкджек',
    category: 'table',
    rtpBp: 9942,
    volatility: 'low' as const,
  },
  // The originals (ADR 043): mines returns 99 % exactly; plinko 98.92–99 % by table (the lowest shown).
  {
    provider: 'kometa',
    code: 'mines',
    name: 'Мины',
    category: 'instant',
    rtpBp: 9900,
    volatility: 'high' as const,
  },
  {
    provider: 'kometa',
    code: 'plinko',
    name: 'Плинко',
    category: 'instant',
    rtpBp: 9892,
    volatility: 'high' as const,
  },
  // Crash (ADR 044): 99 % at any cash-out (short of it by less than the target over 2^52).
  {
    provider: 'kometa',
    code: 'crash',
    name: 'Краш',
    category: 'instant',
    rtpBp: 9900,
    volatility: 'high' as const,
  },
].map((game) => ({
  ...game,
  demoAvailable: true,
  verifiedOnly: false,
  active: true,
  createdAt: new Date(0),
}));
