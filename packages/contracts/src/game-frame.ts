import { z } from 'zod';

/**
 * The game frame's rules the operator sets (ADR 046): where autoplay is offered. Per game kind
 * (the registry's `games.category`), on or off for everyone, and off for players of the listed
 * countries (their regulators forbid it: the UKGC for slots). Off unless the operator turns it on.
 */
export const GameFrameMessage = {
  badSetting: 'errors.content.bad_setting',
  badCountries: 'errors.content.bad_countries',
  badRounds: 'errors.content.bad_autoplay_rounds',
} as const;
const M = GameFrameMessage;

/** The game kinds a rule is kept for; any other kind follows `instant`'s rule. */
export const AUTOPLAY_GAME_KINDS = ['slots', 'table', 'instant'] as const;
export type AutoplayGameKind = (typeof AUTOPLAY_GAME_KINDS)[number];
export const AUTOPLAY_MAX_ROUNDS = 1000;

const autoplayRule = z.strictObject({
  enabled: z.boolean({ error: M.badSetting }),
  /** ISO 3166 alpha-2 codes of the players' countries where it is never offered. */
  forbidden_countries: z
    .array(z.string({ error: M.badCountries }).regex(/^[A-Z]{2}$/, M.badCountries), { error: M.badCountries })
    .max(250, M.badCountries),
});

export const gameAutoplaySetting = z.strictObject({
  /** At most this many rounds per autoplay run (the player picks up to it). */
  max_rounds: z
    .number({ error: M.badRounds })
    .int(M.badRounds)
    .min(1, M.badRounds)
    .max(AUTOPLAY_MAX_ROUNDS, M.badRounds),
  slots: autoplayRule,
  table: autoplayRule,
  instant: autoplayRule,
});
export type GameAutoplaySetting = z.infer<typeof gameAutoplaySetting>;

/** Until the operator decides: nowhere (the UKGC's slot rule is written in already). */
export const DEFAULT_GAME_AUTOPLAY: GameAutoplaySetting = {
  max_rounds: 100,
  slots: { enabled: false, forbidden_countries: ['GB'] },
  table: { enabled: false, forbidden_countries: [] },
  instant: { enabled: false, forbidden_countries: [] },
};

/**
 * How many autoplay rounds a player may run on a game of this kind (0: autoplay not offered). A
 * stored value that no longer reads as the setting counts as "off".
 */
export function autoplayRounds(stored: unknown, kind: string, country: string | null): number {
  const parsed = gameAutoplaySetting.safeParse(stored ?? DEFAULT_GAME_AUTOPLAY);
  if (!parsed.success) return 0;
  const setting = parsed.data;
  const rule =
    setting[
      (AUTOPLAY_GAME_KINDS as readonly string[]).includes(kind) ? (kind as AutoplayGameKind) : 'instant'
    ];
  if (!rule.enabled) return 0;
  if (country && rule.forbidden_countries.includes(country.toUpperCase())) return 0;
  return setting.max_rounds;
}
