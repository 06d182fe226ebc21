import type { games } from './seamless.tables.ts';

/** The games of Kometa's own game server (apps/games); their RTPs are set by the games themselves. */
export const demoGames: (typeof games.$inferInsert)[] = [
  // RTPs in basis points, rounded down from the exact fractions the game server's tests prove.
  { provider: 'kometa', code: 'classic-slot', name: 'Классика 3×3', category: 'slots', rtpBp: 9683 },
  { provider: 'kometa', code: 'video-slot', name: 'Звёздные барабаны', category: 'slots', rtpBp: 9609 },
  { provider: 'kometa', code: 'roulette', name: 'Европейская рулетка', category: 'table', rtpBp: 9729 },
  { provider: 'kometa', code: 'dice', name: 'Кости', category: 'instant', rtpBp: 9900 },
  { provider: 'kometa', code: 'blackjack', name: 'Блэкджек', category: 'table', rtpBp: 9942 },
].map((game) => ({
  ...game,
  demoAvailable: true,
  verifiedOnly: false,
  active: true,
  createdAt: new Date(0),
}));
