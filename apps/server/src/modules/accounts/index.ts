import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Rng } from '../../platform/rng.ts';
import type { SettingsService } from '../settings/index.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAccountsService, type SessionPolicy } from './accounts.service.ts';
import { accountsRoutes, requireUser, type ProtectionOf, type WalletsOf } from './accounts.routes.ts';
import { createPasswordHasher, type PasswordHashing } from './password.ts';
import { createTwoFactor } from './two-factor.ts';
import { createCaptcha } from './captcha.ts';
import { createTwoFactorRepository } from './two-factor.repository.ts';
import { createVerificationRepository } from './verification.repository.ts';
import { createRecoveryService } from './recovery.service.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { createConfirmationService } from './confirmation.service.ts';
import { confirmationRoutes } from './confirmation.routes.ts';
import { createTokenLoginService } from './token-login.service.ts';
import { tokenLoginRoutes } from './token-login.routes.ts';
import { createTelegramService } from './telegram.service.ts';
import { createTelegramRepository } from './telegram.repository.ts';
import { telegramRoutes } from './telegram.routes.ts';
import { telegramBotRoutes } from './telegram-bot.routes.ts';
import { ssoRoutes } from './sso.routes.ts';
import { rolesOf } from './roles.ts';
import { createOAuthClients } from './oauth-client.ts';
import { createOAuthRepository } from './oauth.repository.ts';
import { createOAuthService } from './oauth.service.ts';
import { oauthRoutes } from './oauth.routes.ts';
import type { OAuthProviderConfig } from '../../config.ts';
import type { Logger } from '../../platform/logger.ts';
import type { TrackingService } from '../tracking/index.ts';
import { createAuthAudit } from './auth-audit.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type { AccountsService, Authenticated, SessionPolicy } from './accounts.service.ts';
export { requireUser, authOf } from './accounts.routes.ts';
export { rolesOf, countsInPublicFigures, RoleLabel, type Roles } from './roles.ts';

export function createAccountsModule(deps: {
  outbox: Outbox;
  siteOrigin: string;
  telegramBotToken: string | undefined;
  telegramBotApiSecret: string | undefined;
  oauthProviders: OAuthProviderConfig[];
  walletsOf: WalletsOf;
  protectionOf?: ProtectionOf;
  registrationGuard?: (contacts: { email?: string; phone?: string }) => Promise<string | null>;
  log: Logger;
  tracking: TrackingService;
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
  const repository = createAccountsRepository(deps.db);
  const hasher = createPasswordHasher(deps.passwordHashing);
  const codes = createVerificationRepository(deps.db);
  const audit = createAuthAudit(repository, deps.clock);
  const twoFactor = createTwoFactor({
    repository: createTwoFactorRepository(deps.db),
    clock: deps.clock,
    rng: deps.rng,
    appSecret: deps.appSecret,
    issuer: deps.issuer,
  });
  const service = createAccountsService({
    repository,
    hasher,
    twoFactor,
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
    ...(deps.registrationGuard ? { registrationGuard: deps.registrationGuard } : {}),
  });
  const recovery = createRecoveryService({
    accounts: repository,
    codes,
    hasher,
    twoFactor,
    outbox: deps.outbox,
    cache: deps.cache,
    clock: deps.clock,
    rng: deps.rng,
    siteOrigin: deps.siteOrigin,
    audit,
    policy: {
      linkTtlMs: 60 * 60_000,
      smsCodeTtlMs: 10 * 60_000,
      requestIntervalMs: { email: 300_000, sms: 60_000 },
      maxCodeAttempts: 5,
      dailyLimit: { email: 10, sms: 5 },
    },
  });
  const confirmation = createConfirmationService({
    accounts: repository,
    codes,
    outbox: deps.outbox,
    cache: deps.cache,
    clock: deps.clock,
    rng: deps.rng,
    siteOrigin: deps.siteOrigin,
    audit,
  });
  const tokenLogin = createTokenLoginService({
    codes,
    clock: deps.clock,
    rng: deps.rng,
    audit,
    openSession: (userId, meta) => service.openSessionFor(userId, meta),
  });
  const telegram = createTelegramService({
    repository: createTelegramRepository(deps.db),
    botToken: deps.telegramBotToken,
    appSecret: deps.appSecret,
    clock: deps.clock,
    audit,
    openSession: (userId, meta) => service.openSessionFor(userId, meta),
    twoFactorEnabled: (userId) => twoFactor.isEnabled(userId),
    issueSecondFactorLookup: (userId) => service.issueSecondFactorLookup(userId),
  });
  const oauth = createOAuthService({
    clients: createOAuthClients(deps.oauthProviders, deps.siteOrigin),
    repository: createOAuthRepository(deps.db),
    accounts: repository,
    cache: deps.cache,
    clock: deps.clock,
    rng: deps.rng,
    appSecret: deps.appSecret,
    audit,
    log: deps.log,
    openSession: (userId, meta) => service.openSessionFor(userId, meta),
    twoFactorEnabled: (userId) => twoFactor.isEnabled(userId),
    issueSecondFactorLookup: (userId) => service.issueSecondFactorLookup(userId),
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(
      accountsRoutes(service, confirmation, telegram, oauth, deps.walletsOf, deps.protectionOf),
    );
    await app.register(oauthRoutes(oauth, service, requireUser(service)));
    await app.register(recoveryRoutes(recovery));
    await app.register(confirmationRoutes(confirmation, requireUser(service)));
    await app.register(tokenLoginRoutes(tokenLogin, requireUser(service)));
    await app.register(telegramRoutes(telegram, requireUser(service)));
    await app.register(telegramBotRoutes({ telegram, tokenLogin, apiSecret: deps.telegramBotApiSecret }));
    await app.register(
      ssoRoutes({
        tokenLogin,
        tracking: deps.tracking,
        cache: deps.cache,
        authenticated: requireUser(service),
      }),
    );
  };
  return {
    service,
    routes,
    requireUser: requireUser(service),
    /** What a game provider may know of a player (user/info): a display name and the test flag. */
    async playerProfile(userId: number) {
      const user = await repository.findUserById(userId);
      const roles = rolesOf(user?.labels ?? []);
      return { username: user?.username ?? null, test: roles.fake || roles.tester, country: null };
    },
  };
}
