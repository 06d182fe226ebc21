import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createProviderClient } from './client.ts';
import { MIN_BALANCE, runConformance, SCENARIOS, type TestSession } from './conformance.ts';

const usage = `Kometa seamless-wallet conformance kit

  npm run conformance -- --casino <url> --provider <id> (--hmac-secret <secret> | --rsa-key <private.pem>)
                         --sessions <sessions.json> [--only <regexp>]

sessions.json: an array of at least ${SCENARIOS.length} launched real-money sessions
  [{"token": "...", "user": "42", "game": "dice", "currency": "RUB"}, ...]
each for a test player holding at least ${MIN_BALANCE} minor units. Exit code 1 when a scenario fails.`;

const { values } = parseArgs({
  options: {
    casino: { type: 'string' },
    provider: { type: 'string' },
    'hmac-secret': { type: 'string' },
    'rsa-key': { type: 'string' },
    sessions: { type: 'string' },
    only: { type: 'string' },
    help: { type: 'boolean' },
  },
});

if (values.help || !values.casino || !values.provider || !values.sessions) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const key = values['hmac-secret']
  ? { hmacSecret: values['hmac-secret'] }
  : values['rsa-key']
    ? { rsaPrivateKey: readFileSync(values['rsa-key'], 'utf8') }
    : undefined;
if (!key) {
  console.log(usage);
  process.exit(2);
}
const sessions = JSON.parse(readFileSync(values.sessions, 'utf8')) as TestSession[];
let next = 0;
const client = createProviderClient({
  casinoUrl: values.casino,
  provider: values.provider,
  key,
  verifyAnswers: true,
});
const results = await runConformance(
  client,
  async () => {
    const session = sessions[next++];
    if (!session) throw new Error(`sessions.json ran out after ${next - 1} sessions`);
    return session;
  },
  values.only ? new RegExp(values.only) : undefined,
);
for (const result of results) {
  console.log(
    `${result.passed ? 'PASS' : 'FAIL'}  ${result.name}${result.detail ? `\n      ${result.detail}` : ''}`,
  );
}
const failed = results.filter((r) => !r.passed).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
