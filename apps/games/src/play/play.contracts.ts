import { z } from 'zod';
import { MAX_CHANCE, MIN_CHANCE } from '../games/dice.ts';
import { MAX_TARGET, MIN_TARGET } from '../games/crash.ts';
import { MAX_MINES, MIN_MINES, TILES } from '../games/mines.ts';
import { MAX_ROWS, MIN_ROWS, RISKS } from '../games/plinko.ts';

/** The game frames' own calls to this server (their token comes from the casino's launch URL). */
const session = { token: z.string().min(8).max(256), mode: z.enum(['real', 'demo']).default('real') };

export const sessionQuery = z.strictObject({ ...session, lang: z.string().max(8).optional() });

/**
 * A round the frame's autoplay started (ADR 046): refused where the casino does not allow autoplay.
 * Add it to a game's play body to have `handle` check it.
 */
export const autoplayFlag = { autoplay: z.boolean().optional() };

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
  /** The frame's rules from the casino's launch (ADR 046): autoplay rounds, the reality check. */
  autoplay: z.coerce.number().int().min(0).max(10_000).optional(),
  rc: z
    .string()
    .regex(/^\d{1,12}\.\d{1,4}\.\d{1,12}\.-?\d{1,15}$/)
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
  ...autoplayFlag,
  stake: z.number().int().positive().max(100_000_000).multipleOf(5),
  /** Play one of the casino's free rounds: its stake, whatever `stake` says (ADR 031). */
  freeRound: z.boolean().optional(),
});

/** The video slot: one stake over its ten lines (a multiple of 10 minor units). */
export const videoSlotPlayBody = z.strictObject({
  ...session,
  ...autoplayFlag,
  stake: z.number().int().positive().max(100_000_000).multipleOf(10),
  /** Play one of the casino's free rounds: its stake, whatever `stake` says (ADR 031). */
  freeRound: z.boolean().optional(),
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

/** Mines (ADR 043): the stake and the mines on the 5×5 field (1–24). */
export const minesStartBody = z.strictObject({
  ...session,
  stake: z.number().int().positive().max(100_000_000),
  mines: z.number().int().min(MIN_MINES).max(MAX_MINES),
});
/** A tile to open, numbered 0–24 row by row. */
export const minesRevealBody = z.strictObject({
  ...session,
  tile: z
    .number()
    .int()
    .min(0)
    .max(TILES - 1),
});

/** Plinko (ADR 043): the stake, the rows of pegs (8–16) and the risk. */
export const plinkoPlayBody = z.strictObject({
  ...session,
  ...autoplayFlag,
  stake: z.number().int().positive().max(100_000_000),
  rows: z.number().int().min(MIN_ROWS).max(MAX_ROWS),
  risk: z.enum(RISKS),
});

/** Crash (ADR 044): what a player sends over the round's websocket (`ref` is echoed in the answer). */
export const crashMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('bet'),
    ref: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31)
      .optional(),
    stake: z.number().int().positive().max(100_000_000),
    /** Cash out by itself at this multiplier, in hundredths (×1.01–×10 000); null: by hand. */
    target: z.number().int().min(MIN_TARGET).max(MAX_TARGET).nullable().default(null),
  }),
  z.strictObject({
    type: z.literal('cashout'),
    ref: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31)
      .optional(),
  }),
]);
