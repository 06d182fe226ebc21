/**
 * The first administrator (and any other operator) from the command line:
 * `npm run operator -- create --email … --role administrator`, against the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR; stop `npm start` first, PGlite has one user).
 */
import { buildApp } from '../app.ts';
import { loadToolConfig } from '../config.ts';
import { OPERATOR_USAGE, runOperatorCommand } from './operator-commands.ts';

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === 'help') {
  console.log(OPERATOR_USAGE);
  process.exit(0);
}
const built = await buildApp(loadToolConfig());
try {
  console.log(await runOperatorCommand(args, built.operator.operators));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await built.app.close();
}
