import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Rng } from '../../platform/rng.ts';
import type { SettingsService } from '../settings/index.ts';
import { createAccountSecurityService } from './account-security.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { createAuthAudit } from './auth-audit.ts';
import type { Captcha } from './captcha.ts';
import { createLoginAttempts } from './login-attempts.ts';
import type { PasswordHasher } from './password.ts';
import { createProfileService } from './profile.service.ts';
import { createRegistrationService } from './registration.service.ts';
import {
  createLoginRecorder,
  createSessionOpener,
  createSessionsService,
  type SessionPolicy,
} from './sessions.service.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import { createSignInService } from './sign-in.service.ts';
import type { TwoFactor } from './two-factor.ts';

export type { Authenticated, RequestMeta, SessionPolicy } from './sessions.service.ts';

/**
 * The accounts service the module's routes and the other modules see, assembled from its use cases,
 * each in its own file: registration, sign-in (with its attempt limits), sessions, the account's
 * security (password and two-factor) and the profile.
 */
export function createAccountsService(deps: {
  repository: AccountsRepository;
  hasher: PasswordHasher;
  twoFactor: TwoFactor;
  captcha: Captcha;
  settings: SettingsService;
  cache: Cache;
  clock: Clock;
  rng: Rng;
  appSecret: string;
  policy: SessionPolicy;
  /**
   * Player protection's say on a new account's contacts: a message key for the e-mail or phone of
   * an excluded player (issue 7), or null.
   */
  registrationGuard?: (contacts: { email?: string; phone?: string }) => Promise<string | null>;
  /** Why a promo code typed at registration can give nothing, or null (gifts; ADR 040). */
  promoCodeProblem?: (code: string) => Promise<string | null>;
  /** A changed chip value clears the player's active gift (spec §4; gifts, ADR 040). */
  denominationChanged?: (userId: number) => Promise<void>;
  /** The activity stream: sign-ups and logins are recorded in their transactions (ADR 029). */
  activity: ActivityRecorder;
}) {
  const audit = createAuthAudit(deps.repository, deps.clock);
  const openSession = createSessionOpener(deps);
  const recordLogin = createLoginRecorder(deps);
  const sessions = createSessionsService({ ...deps, audit, openSession, recordLogin });
  const attempts = createLoginAttempts({ ...deps, audit });
  return {
    ...createRegistrationService({ ...deps, audit, openSession }),
    ...createSignInService({
      ...deps,
      audit,
      attempts,
      openSession,
      openSessionFor: sessions.openSessionFor,
      recordLogin,
    }),
    ...sessions,
    ...createAccountSecurityService({ ...deps, audit }),
    ...createProfileService(deps),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
