import type { games } from './seamless.tables.ts';

/** The games of Kometa's own game server (apps/games); their RTPs are set by the games themselves. */
export const demoGames: (typeof games.$inferInsert)[] = [
  { provider: 'kometa', code: 'classic-slot', name: 'Классика 3×3', category: 'slots' },
  { provider: 'kometa', code: 'video-slot', name: 'Звёздные барабаны', category: 'slots' },
  { provider: 'kometa', code: 'roulette', name: 'Европейская рулетка', category: 'table' },
  { provider: 'kometa', code: 'dice', name: 'Кости', category: 'instant' },
  { provider: 'kometa', code: 'blackjack', name: 'Блэкджек', category: 'table' },
].map((game) => ({
  ...game,
  demoAvailable: true,
  verifiedOnly: false,
  active: true,
  createdAt: new Date(0),
}));
