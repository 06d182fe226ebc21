import type { GameVolatility, LiveRtp, RtpWindow } from '@kometa/contracts';

/**
 * The standard deviation of one round's return per unit staked, by the game's volatility class
 * (ADR 037): a low-volatility game (dice at even odds, blackjack) returns near its stake each round,
 * a high-volatility slot mostly nothing and sometimes hundreds of times it.
 */
export const ROUND_SIGMA: Record<GameVolatility, number> = { low: 2, medium: 6, high: 12 };
/** The band's half-width in standard errors: 3 (a fair game falls outside about 3 times in 1,000). */
export const BAND_Z = 3;
/** Below this many rounds no flag is raised (the normal approximation does not hold yet). */
export const MIN_FLAG_ROUNDS = 30;

export interface Play {
  rounds: number;
  staked: number;
  returned: number;
  stakeSquares: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Live RTP over a window with its confidence band (ADR 037): RTP = returned / staked. With stakes s_i
 * the ratio's standard error is σ·√(Σ s_i²) / Σ s_i = σ / √n_eff (n_eff = (Σ s_i)² / Σ s_i², the
 * rounds' effective number: equal stakes give n_eff = n). The band is theoretical ± z·σ/√n_eff; live
 * RTP outside it (after at least MIN_FLAG_ROUNDS rounds) is flagged.
 */
export function liveRtpOf(
  window: RtpWindow,
  play: Play | undefined,
  theoretical: number | null,
  volatility: GameVolatility,
): LiveRtp {
  const rounds = play?.rounds ?? 0;
  const staked = play?.staked ?? 0;
  const returned = play?.returned ?? 0;
  if (!play || staked <= 0) {
    return { window, rounds, staked, returned, rtp: null, band: null, outside: false };
  }
  const rtp = round2((returned / staked) * 100);
  if (theoretical === null || play.stakeSquares <= 0) {
    return { window, rounds, staked, returned, rtp, band: null, outside: false };
  }
  const halfWidth = (BAND_Z * ROUND_SIGMA[volatility] * 100 * Math.sqrt(play.stakeSquares)) / staked;
  const band = { low: round2(theoretical - halfWidth), high: round2(theoretical + halfWidth) };
  const outside = rounds >= MIN_FLAG_ROUNDS && (rtp < band.low || rtp > band.high);
  return { window, rounds, staked, returned, rtp, band, outside };
}
