import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { exportQuery, isoDateTime, listPageResponse, listQuery } from './lists.ts';

/**
 * Bonus-abuse flags in the back office (issue 17 item 9, ADR 040): a welcome or occasion gift refused
 * because another account shares the player's normalised e-mail, phone, device or payment details.
 */

/** What the two accounts share (the `gift_abuse_flags.matched_on` column). */
export const ABUSE_MATCHES = ['email', 'phone', 'device', 'payment_details'] as const;
export type AbuseMatch = (typeof ABUSE_MATCHES)[number];

const id = z.number().int();
const account = z.object({ id, email: z.string().nullable() });

export const abuseFlagRow = z.object({
  id,
  /** The refused player. */
  player: account,
  /** The account that had already taken the gift (its e-mail is null once it is deleted). */
  matched: account,
  matchedOn: z.enum(ABUSE_MATCHES),
  /** The refused offer. */
  offer: z.object({ id, title: z.string() }),
  at: z.string(),
});
export type AbuseFlagRow = z.infer<typeof abuseFlagRow>;

export const ABUSE_FLAG_SORTS = ['at', 'id'] as const;
const abuseFlagFilters = {
  /** Flags of one player (refused or matched). */
  playerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  matchedOn: z.enum(ABUSE_MATCHES).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
};
export const abuseFlagListQuery = listQuery(ABUSE_FLAG_SORTS, abuseFlagFilters);
export const abuseFlagExportQuery = exportQuery(ABUSE_FLAG_SORTS, abuseFlagFilters);
export const abuseFlagListResponse = listPageResponse(abuseFlagRow);
/** A player's flags, newest first: refused themself, or the account another one was refused for. */
export const playerAbuseFlagsResponse = dataEnvelope(z.object({ items: z.array(abuseFlagRow) }));
