/**
 * What a run of the browser tests comes to, in a few lines: the tests that failed or passed only on a
 * retry, each with the head of its error, then Playwright's counts. run.ts prints it for each half once
 * both have ended, so the tail of CI's log (often all that is kept of it) says what went wrong even when
 * the half that failed finished first and its lines scrolled away.
 */

/** Lines of one error kept: its header, the message, expected and received, the first calls. */
const LINES_PER_PROBLEM = 16;
/** A half's digest never exceeds this; a run that never reached its counts keeps its last lines. */
const MAX_LINES = 80;

/** `  1) [phone] › tests/x.spec.ts:9:1 › title ───` : a failed or flaky test's block begins. */
const PROBLEM = /^\s+\d+\) \[[\w-]+\] › /;
/** `  2 failed`, `  1 flaky`, `  155 passed (15.3m)`: Playwright's counts, at the very end. */
const COUNT = /^\s+\d+ (failed|flaky|interrupted|skipped|did not run|passed)\b/;

export function digestOf(output: readonly string[]): string[] {
  // A header's rule of `─` runs to the terminal's width: it says nothing in a log.
  const lines = output.map((line) => line.replace(/\s*─+\s*$/, ''));
  const countsAt = lines.findIndex((line) => COUNT.test(line));
  if (countsAt < 0) return lines.filter((line) => line.trim() !== '').slice(-30);
  const problems: string[] = [];
  let kept = 0;
  for (const line of lines.slice(0, countsAt)) {
    if (PROBLEM.test(line)) {
      kept = LINES_PER_PROBLEM;
      problems.push(line);
    } else if (kept > 0 && line.trim() !== '') {
      kept -= 1;
      problems.push(line);
    }
  }
  const counts = lines.slice(countsAt).filter((line) => line.trim() !== '');
  return [...problems.slice(0, Math.max(0, MAX_LINES - counts.length)), ...counts];
}
