/**
 * The operator's KYC review tool: `npm run kyc -- <command>` against the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR). No jobs run and nothing listens.
 */
import { buildApp } from '../app.ts';
import { loadToolConfig } from '../config.ts';
import { KYC_USAGE, runKycCommand } from './kyc-commands.ts';

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === 'help') {
  console.log(KYC_USAGE);
  process.exit(0);
}
const built = await buildApp(loadToolConfig());
try {
  console.log(await runKycCommand(args, built.operator.verification));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await built.app.close();
}
