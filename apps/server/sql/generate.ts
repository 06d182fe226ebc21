/**
 * `npm run sql:generate`: rewrites functions.sql and schema.sql from the migrations, after a migration
 * changes a function or a table (sql-files.test.ts fails until this has been run and the files committed).
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { LIVE_SQL_FILES, renderLiveSql } from './render.ts';

const live = await renderLiveSql();
for (const kind of ['functions', 'schema'] as const) {
  writeFileSync(LIVE_SQL_FILES[kind], live[kind]);
  console.log(`wrote ${relative(process.cwd(), LIVE_SQL_FILES[kind])}`);
}
