/** The only reader of process.env in the end-to-end tests: where the site under test runs. */
export const e2eConfig = {
  sitePort: Number(process.env.E2E_SITE_PORT ?? 39300),
  apiPort: Number(process.env.E2E_API_PORT ?? 39301),
  /** The back office's own host (ADR 028). */
  backofficePort: Number(process.env.E2E_BACKOFFICE_PORT ?? 39302),
  gamesPort: Number(process.env.E2E_GAMES_PORT ?? 39400),
  /** The test identity provider for social login (support/identity-provider.ts). */
  idpPort: Number(process.env.E2E_IDP_PORT ?? 39500),
  idpClientId: 'kometa-e2e',
  idpClientSecret: 'kometa-e2e-secret-0123456789abcdef',
  /** The test Telegram bot: the tests sign the Login Widget's data with its token, as Telegram does. */
  telegramBotToken: '123456789:kometa-e2e-telegram-bot-token',
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** Which half of the suite this run is (run.ts runs both at once, ADR 051); unset: the whole suite. */
  half: process.env.E2E_HALF === '1' || process.env.E2E_HALF === '2' ? Number(process.env.E2E_HALF) : null,
  /** Where this run keeps its screenshots and failure contexts (run.ts gives each half its own). */
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  ci: Boolean(process.env.CI),
};

/** The environment of a Playwright run that run.ts starts: this one's, with the run's own settings. */
export const runEnvironment = (own: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  ...own,
});
