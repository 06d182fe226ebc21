import { z } from 'zod';
import { MAX_CHANCE, MIN_CHANCE } from '../games/dice.ts';

/** The game frames' own calls to this server (their token comes from the casino's launch URL). */
const session = { token: z.string().min(8).max(256), mode: z.enum(['real', 'demo']).default('real') };

export const sessionQuery = z.strictObject({ ...session, lang: z.string().max(8).optional() });

/** A frame's page: the session, and the casino's lobby and cashier addresses for its two links. */
export const frameQuery = sessionQuery.extend({
  backUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  cashUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});

export const dicePlayBody = z.strictObject({
  ...session,
  stake: z.number().int().positive().max(100_000_000),
  chance: z.number().int().min(MIN_CHANCE).max(MAX_CHANCE),
  direction: z.enum(['under', 'over']),
});

/** Roulette: up to 20 bets, each a standard bet of the table (checked by the game) with its stake. */
export const roulettePlayBody = z.strictObject({
  ...session,
  bets: z
    .array(
      z.strictObject({
        numbers: z.array(z.number().int().min(0).max(36)).min(1).max(18),
        stake: z.number().int().positive().max(100_000_000),
      }),
    )
    .min(1)
    .max(20),
});

/** The classic slot: one stake over its five lines (a multiple of 5 minor units). */
export const classicSlotPlayBody = z.strictObject({
  ...session,
  stake: z.number().int().positive().max(100_000_000).multipleOf(5),
});

/** The video slot: one stake over its ten lines (a multiple of 10 minor units). */
export const videoSlotPlayBody = z.strictObject({
  ...session,
  stake: z.number().int().positive().max(100_000_000).multipleOf(10),
});

/** Blackjack: the deal's stake (a multiple of 2 minor units, so that 3:2 is paid exactly). */
export const blackjackDealBody = z.strictObject({
  ...session,
  stake: z.number().int().positive().max(100_000_000).multipleOf(2),
});
export const blackjackActBody = z.strictObject({
  ...session,
  action: z.enum(['hit', 'stand', 'double', 'split']),
});

export const clientSeedBody = z.strictObject({ ...session, clientSeed: z.string().trim().min(1).max(64) });
export const sessionBody = z.strictObject(session);
