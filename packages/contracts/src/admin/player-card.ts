import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import {
  EXCLUSION_OPTIONS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  playerLimit,
  type ExclusionOptionId,
} from '../protection.ts';

/**
 * The player card's tabs in the back office (issue 18 item 2, ADR 045): labels, rounds, sessions,
 * limits and exclusions, notes.
 */

/** What an operator may label a player (ADR 045 says what each does). */
export const PLAYER_LABELS = ['vip', 'tester', 'fake'] as const;
export type PlayerLabel = (typeof PLAYER_LABELS)[number];

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const reason = z.string().trim().min(3).max(500);

export const playerLabelParams = z.strictObject({ id: idParam, label: z.enum(PLAYER_LABELS) });
export const playerLabelsResponse = dataEnvelope(z.object({ labels: z.array(z.enum(PLAYER_LABELS)) }));

// --- Rounds -------------------------------------------------------------------------------------------

export const PLAYER_ROUNDS_PAGE_MAX = 100;
/** Newest first, by keyset: `before` is the `cursor` of the last round of the previous page. */
export const playerRoundsQuery = z.strictObject({
  before: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PLAYER_ROUNDS_PAGE_MAX).default(25),
});
export const playerRound = z.object({
  provider: z.string(),
  round: z.string(),
  gameCode: z.string(),
  gameName: z.string().nullable(),
  currency: z.string(),
  /** Minor units. */
  stake: z.number().int(),
  win: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** `timed_out`: the casino closed it when its provider left it open too long. */
  status: z.enum(['open', 'closed', 'timed_out']),
  /** The round's fairness proof on Kometa's game server; null for other providers' rounds. */
  proofUrl: z.string().nullable(),
});
export type PlayerRound = z.infer<typeof playerRound>;
export const playerRoundsResponse = dataEnvelope(
  z.object({ items: z.array(playerRound), nextBefore: z.string().nullable() }),
);

// --- Sessions -----------------------------------------------------------------------------------------

export const playerSession = z.object({
  id: z.number().int(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
});
export type PlayerSession = z.infer<typeof playerSession>;
export const playerSessionsResponse = dataEnvelope(z.object({ items: z.array(playerSession) }));
export const playerSessionParams = z.strictObject({ id: idParam, sessionId: idParam });
export const endSessionsResponse = dataEnvelope(z.object({ ended: z.number().int() }));

// --- Limits and exclusions ----------------------------------------------------------------------------

export const playerExclusion = z.object({
  kind: z.enum(['timeout', 'self_exclusion']),
  option: z.string(),
  startedAt: z.string(),
  until: z.string().nullable(),
});
export const playerProtectionResponse = dataEnvelope(
  z.object({
    limits: z.array(playerLimit),
    exclusion: playerExclusion.nullable(),
    timezone: z.string(),
  }),
);
export type PlayerProtection = z.infer<typeof playerProtectionResponse>['data'];
export const playerLimitParams = z.strictObject({ id: idParam, kind: z.enum(LIMIT_KINDS) });
/** An operator only tightens: a new limit, or a lower amount (ADR 045); never a raise or a removal. */
export const tightenLimitBody = z.strictObject({
  period: z.enum(LIMIT_PERIODS),
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  reason,
});
export const applyExclusionBody = z.strictObject({
  option: z.enum(EXCLUSION_OPTIONS.map((o) => o.id) as [ExclusionOptionId, ...ExclusionOptionId[]]),
  reason,
});

// --- Notes --------------------------------------------------------------------------------------------

export const playerNote = z.object({
  id: z.number().int(),
  text: z.string(),
  authorId: z.number().int().nullable(),
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type PlayerNote = z.infer<typeof playerNote>;
export const playerNotesResponse = dataEnvelope(z.object({ items: z.array(playerNote) }));
export const addPlayerNoteBody = z.strictObject({ text: z.string().trim().min(1).max(2000) });
export const playerNoteResponse = dataEnvelope(playerNote);

/** Message keys of the player card (Russian texts in messages.ru.ts). */
export const PlayerCardMessage = {
  sessionNotFound: 'errors.admin.session_not_found',
  onlyTighten: 'errors.admin.only_tighten',
} as const;
