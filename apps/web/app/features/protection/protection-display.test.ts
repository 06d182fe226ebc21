import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { RealityCheck } from '@kometa/contracts';
import { nextPollMs } from './api/reality-check.ts';
import { playedFor, RealityCheckDialog } from './components/RealityCheckDialog.tsx';

const check = (overrides: Partial<RealityCheck> = {}): RealityCheck => ({
  sessionStartedAt: 1_700_000_000,
  elapsedSeconds: 3_900,
  intervalMinutes: 60,
  nextCheckAt: 1_700_003_600,
  due: true,
  currency: 'RUB',
  wagered: 150_000,
  won: 90_050,
  net: -59_950,
  ...overrides,
});

describe('the reality check', () => {
  it('says the time played in words with Russian plurals', () => {
    expect(playedFor(60)).toBe('1 минуту');
    expect(playedFor(3 * 60)).toBe('3 минуты');
    expect(playedFor(45 * 60)).toBe('45 минут');
    expect(playedFor(3_600)).toBe('1 час');
    expect(playedFor(3_900)).toBe('1 час 5 минут');
    expect(playedFor(2 * 3_600 + 21 * 60)).toBe('2 часа 21 минуту');
    expect(playedFor(5 * 3_600)).toBe('5 часов');
  });

  it('shows time played, stakes, wins and the net result in the player’s currency', () => {
    const html = renderToString(
      createElement(RealityCheckDialog, { check: check(), onContinue: () => {}, onLeave: () => {} }),
    );
    expect(html).toContain('Вы в игре 1 час 5 минут');
    expect(html).toContain('1\u00a0500,00\u00a0₽');
    expect(html).toContain('900,50\u00a0₽');
    expect(html).toContain('-599,50\u00a0₽');
    expect(html).toContain('Продолжить игру');
  });

  it('is asked again when the next reminder falls due, and at least once a minute', () => {
    const now = 1_700_000_000_000;
    const answer = (next: number, due = false) => ({
      status: 200,
      headers: new Headers(),
      data: check({ nextCheckAt: next, due }),
    });
    expect(nextPollMs(answer(now / 1000 + 20), now)).toBe(20_500);
    expect(nextPollMs(answer(now / 1000 + 3_600), now)).toBe(60_000);
    expect(nextPollMs(answer(now / 1000 - 5), now)).toBe(1_000);
    expect(nextPollMs(answer(now / 1000 + 20, true), now)).toBe(60_000);
    expect(nextPollMs(undefined, now)).toBe(60_000);
  });
});
