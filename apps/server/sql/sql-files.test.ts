import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SQL_FILES, renderLiveSql, type LiveSql } from './render.ts';

/** The committed text, or '' when the file is missing, so a missing file fails with the same advice. */
function committed(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

describe('the committed live SQL files', () => {
  // One migration of a fresh in-memory PGlite serves both files: the costly part of this test.
  let live: LiveSql;
  beforeAll(async () => {
    live = await renderLiveSql();
  });

  for (const kind of ['functions', 'schema'] as const) {
    it(`apps/server/sql/${kind}.sql matches the migrations`, () => {
      // Compared as text so the failure shows the lines that changed, under the advice of what to run.
      expect(
        committed(LIVE_SQL_FILES[kind]),
        `apps/server/sql/${kind}.sql is not what the migrations build: run npm run sql:generate and commit the result`,
      ).toBe(live[kind]);
    });
  }
});
