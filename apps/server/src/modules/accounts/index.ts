import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Rng } from '../../platform/rng.ts';
import type { SettingsService } from '../settings/index.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAccountsService, type SessionPolicy } from './accounts.service.ts';
import { accountsRoutes, requireUser } from './accounts.routes.ts';
import { createPasswordHasher, type PasswordHashing } from './password.ts';
import { createTwoFactor } from './two-factor.ts';
import { createCaptcha } from './captcha.ts';
import { createTwoFactorRepository } from './two-factor.repository.ts';

export type { AccountsService, Authenticated, SessionPolicy } from './accounts.service.ts';
export { requireUser } from './accounts.routes.ts';

export function createAccountsModule(deps: {
  db: Db;
  cache: Cache;
  clock: Clock;
  rng: Rng;
  settings: SettingsService;
  appSecret: string;
  /** The name authenticator apps show next to the code. */
  issuer: string;
  policy: SessionPolicy;
  passwordHashing: PasswordHashing;
}) {
  const service = createAccountsService({
    repository: createAccountsRepository(deps.db),
    hasher: createPasswordHasher(deps.passwordHashing),
    twoFactor: createTwoFactor({
      repository: createTwoFactorRepository(deps.db),
      clock: deps.clock,
      rng: deps.rng,
      appSecret: deps.appSecret,
      issuer: deps.issuer,
    }),
    captcha: createCaptcha({
      appSecret: deps.appSecret,
      clock: deps.clock,
      rng: deps.rng,
      cache: deps.cache,
      ttlMs: 10 * 60_000,
    }),
    settings: deps.settings,
    cache: deps.cache,
    clock: deps.clock,
    rng: deps.rng,
    appSecret: deps.appSecret,
    policy: deps.policy,
  });
  return { service, routes: accountsRoutes(service), requireUser: requireUser(service) };
}
