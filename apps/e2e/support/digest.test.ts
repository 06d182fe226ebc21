import { describe, expect, it } from 'vitest';
import { digestOf } from './digest.ts';

const RULE = '─'.repeat(60);
/** The end of a half as Playwright's list reporter prints it: a test that failed twice, one that passed on its retry. */
const run = [
  '  ✓  1 [phone] › tests/lobby.spec.ts:2:1 › the lobby shows its games (11ms)',
  '  ✘  2 [phone] › tests/game-frame.spec.ts:9:1 › the reality check (16ms)',
  '  ✓  3 [phone] › tests/game-frame.spec.ts:9:1 › the reality check (retry #1) (15ms)',
  '  ✘  4 [phone] › tests/money.spec.ts:4:1 › a deposit (17ms)',
  '  ✘  5 [phone] › tests/money.spec.ts:4:1 › a deposit (retry #1) (21ms)',
  '',
  '',
  `  1) [phone] › tests/money.spec.ts:4:1 › a deposit ${RULE}`,
  '',
  '    Error: expect(locator).toHaveText(expected) failed',
  '',
  ...Array.from({ length: 30 }, (_, i) => `      call log line ${i + 1}`),
  '',
  `    Retry #1 ${RULE}`,
  '    Error: the same again',
  '',
  `  2) [phone] › tests/game-frame.spec.ts:9:1 › the reality check ${RULE}`,
  '',
  '    Error: locator.tap: Timeout 90000ms exceeded.',
  '',
  '  1 failed',
  `    [phone] › tests/money.spec.ts:4:1 › a deposit ${RULE}`,
  '  1 flaky',
  `    [phone] › tests/game-frame.spec.ts:9:1 › the reality check ${RULE}`,
  '  1 passed (3.8s)',
];

describe('the digest of a browser-test run', () => {
  it('names each failed and flaky test with the head of its error, then the counts', () => {
    const digest = digestOf(run);
    expect(digest[0]).toBe('  1) [phone] › tests/money.spec.ts:4:1 › a deposit');
    expect(digest[1]).toBe('    Error: expect(locator).toHaveText(expected) failed');
    expect(digest).toContain('  2) [phone] › tests/game-frame.spec.ts:9:1 › the reality check');
    expect(digest).toContain('    Error: locator.tap: Timeout 90000ms exceeded.');
    expect(digest.slice(-5)).toEqual([
      '  1 failed',
      '    [phone] › tests/money.spec.ts:4:1 › a deposit',
      '  1 flaky',
      '    [phone] › tests/game-frame.spec.ts:9:1 › the reality check',
      '  1 passed (3.8s)',
    ]);
  });

  it('keeps only the head of a long error, and never the passing tests', () => {
    const digest = digestOf(run);
    expect(digest).toContain('      call log line 15');
    expect(digest).not.toContain('      call log line 16');
    expect(digest).not.toContain('    Retry #1');
    expect(digest.some((line) => line.includes('the lobby shows its games'))).toBe(false);
  });

  it('keeps the last lines of a run that never reached its counts (a site that did not start)', () => {
    const output = [
      ...Array.from({ length: 50 }, (_, i) => `log ${i}`),
      'Error: Timed out waiting 180000ms from config.webServer.',
    ];
    const digest = digestOf(output);
    expect(digest).toHaveLength(30);
    expect(digest.at(-1)).toBe('Error: Timed out waiting 180000ms from config.webServer.');
  });
});
