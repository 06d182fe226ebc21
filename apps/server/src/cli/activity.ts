/**
 * The operator's tool for the player-activity stream: `npm run activity -- <command>` against the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). It reads and moves positions;
 * the running servers do the processing.
 */
import { fileURLToPath } from 'node:url';
import { loadToolConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { systemClock } from '../platform/clock.ts';
import { createActivityAdmin } from '../modules/activity/index.ts';
import { ACTIVITY_USAGE, runActivityCommand } from './activity-commands.ts';

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === 'help') {
  console.log(ACTIVITY_USAGE);
  process.exit(0);
}
const config = loadToolConfig();
const database = await openDatabase(config.database);
try {
  await migrate(database, fileURLToPath(new URL('../../migrations', import.meta.url)));
  console.log(await runActivityCommand(args, createActivityAdmin({ db: database.db, clock: systemClock })));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
