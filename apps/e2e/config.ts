/** The only reader of process.env in the end-to-end tests: where the site under test runs. */
export const e2eConfig = {
  sitePort: Number(process.env.E2E_SITE_PORT ?? 39300),
  apiPort: Number(process.env.E2E_API_PORT ?? 39301),
  gamesPort: Number(process.env.E2E_GAMES_PORT ?? 39400),
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  ci: Boolean(process.env.CI),
};
