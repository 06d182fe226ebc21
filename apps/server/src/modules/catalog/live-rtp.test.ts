import { describe, expect, it } from 'vitest';
import { BAND_Z, liveRtpOf, MIN_FLAG_ROUNDS, ROUND_SIGMA } from './live-rtp.ts';

/** n rounds of equal stake `s`, returning `rtp` percent in all. */
const equal = (n: number, s: number, rtp: number) => ({
  rounds: n,
  staked: n * s,
  returned: Math.round((n * s * rtp) / 100),
  stakeSquares: n * s * s,
});

describe('live RTP and its band (ADR 037)', () => {
  it('is returned over staked, and nothing while nothing was staked', () => {
    expect(liveRtpOf('all', undefined, 96, 'medium')).toMatchObject({
      rtp: null,
      band: null,
      outside: false,
    });
    expect(
      liveRtpOf('all', { rounds: 3, staked: 3_000, returned: 2_880, stakeSquares: 3_000_000 }, 96, 'low').rtp,
    ).toBe(96);
  });

  it('with equal stakes the band is θ ± z·σ/√n, narrowing as rounds add up', () => {
    const n = 10_000;
    const live = liveRtpOf('all', equal(n, 100, 96), 96, 'medium');
    const half = (BAND_Z * ROUND_SIGMA.medium * 100) / Math.sqrt(n);
    expect(live.band!.low).toBeCloseTo(96 - half, 2);
    expect(live.band!.high).toBeCloseTo(96 + half, 2);
    const more = liveRtpOf('all', equal(4 * n, 100, 96), 96, 'medium');
    expect(more.band!.high - more.band!.low).toBeCloseTo((live.band!.high - live.band!.low) / 2, 1);
  });

  it('one big stake among small ones widens the band (fewer effective rounds)', () => {
    const even = liveRtpOf(
      'all',
      { rounds: 100, staked: 100_000, returned: 96_000, stakeSquares: 100 * 1_000 ** 2 },
      96,
      'low',
    );
    // 99 stakes of 10 and one of 99,010: the same total, nearly one effective round.
    const lopsided = liveRtpOf(
      'all',
      { rounds: 100, staked: 100_000, returned: 96_000, stakeSquares: 99 * 10 ** 2 + 99_010 ** 2 },
      96,
      'low',
    );
    expect(lopsided.band!.high - lopsided.band!.low).toBeGreaterThan(5 * (even.band!.high - even.band!.low));
  });

  it('flags a live RTP outside the band once there are enough rounds, and a higher volatility tolerates more', () => {
    expect(liveRtpOf('day', equal(20_000, 100, 110), 96, 'medium').outside).toBe(true);
    expect(liveRtpOf('day', equal(20_000, 100, 82), 96, 'medium').outside).toBe(true);
    expect(liveRtpOf('day', equal(20_000, 100, 96.5), 96, 'medium').outside).toBe(false);
    expect(liveRtpOf('day', equal(2_000, 100, 112), 96, 'low').outside).toBe(true);
    expect(liveRtpOf('day', equal(2_000, 100, 112), 96, 'high').outside).toBe(false);
    // Far off, but too few rounds to say.
    expect(liveRtpOf('day', equal(MIN_FLAG_ROUNDS - 1, 100, 500), 96, 'low').outside).toBe(false);
    // No theoretical figure: a live one, no band.
    expect(liveRtpOf('day', equal(5_000, 100, 90), null, 'low')).toMatchObject({
      rtp: 90,
      band: null,
      outside: false,
    });
  });
});
