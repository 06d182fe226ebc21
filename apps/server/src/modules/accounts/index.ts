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
import { createOneTimeCodesRepository } from './one-time-codes.repository.ts';
import { createRecoveryService } from './recovery.service.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { createConfirmationService } from './confirmation.service.ts';
import { confirmationRoutes } from './confirmation.routes.ts';
import { createTokenLoginService } from './external-login/token-login.service.ts';
import { tokenLoginRoutes } from './external-login/token-login.routes.ts';
import { createTelegramService } from './external-login/telegram.service.ts';
import { createTelegramRepository } from './external-login/telegram.repository.ts';
import { telegramRoutes } from './external-login/telegram.routes.ts';
import { telegramBotRoutes } from './external-login/telegram-bot.routes.ts';
import { ssoRoutes } from './external-login/sso.routes.ts';
import { rolesOf } from './roles.ts';
import { createOAuthClients } from './external-login/oauth-client.ts';
import { createOAuthRepository } from './external-login/oauth.repository.ts';
import { createOAuthService } from './external-login/oauth.service.ts';
import { oauthRoutes } from './external-login/oauth.routes.ts';
import type { OAuthProviderConfig } from '../../config.ts';
import type { Logger } from '../../platform/logger.ts';
import type { TrackingService } from '../tracking/index.ts';
import { createAuthAudit } from './auth-audit.ts';
import { createExtendedProfileRepository } from './extended-profile.repository.ts';
import { createExtendedProfileService } from './extended-profile.service.ts';
import { extendedProfileRoutes } from './extended-profile.routes.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditWriter } from '../operators/index.ts';
import { accountsAdminRoutes } from './accounts.admin.routes.ts';
import { createPlayersAdminRepository } from './players-admin.repository.ts';
import { createPlayersAdminService } from './players-admin.service.ts';

export type { AccountsService, Authenticated, SessionPolicy } from './accounts.service.ts';
export { rolesOf, countsInPublicFigures, RoleLabel, type Roles } from './roles.ts';
export { createPlayerLookup, type PlayerLookup, type PlayerCard } from './player-lookup.ts';

/** What accounts need from other modules (wired in composition.ts). */
export interface AccountsPorts {
  /** The player's wallets for the User (wallet module). */
  walletsOf: WalletsOf;
  /** Limits and the verification form for the User (protection and verification). */
  protectionOf?: ProtectionOf;
  /**
   * Player protection's say on a new account's contacts: a message key for the e-mail or phone of
   * an excluded player, or null.
   */
  registrationGuard?: (contacts: { email?: string; phone?: string }) => Promise<string | null>;
  /** Why a promo code typed at registration can give nothing (an errors.promo.* key), or null. */
  promoCodeProblem?: (code: string) => Promise<string | null>;
  /** A changed chip value clears the player's active gift (spec §4 Denomination; ADR 040). */
  denominationChanged?: (userId: number) => Promise<void>;
  tracking: TrackingService;
  settings: SettingsService;
  /** The activity stream: sign-ups, confirmations and logins, recorded in their transactions. */
  activity: ActivityRecorder;
}

export function createAccountsModule(deps: {
  ports: AccountsPorts;
  outbox: Outbox;
  siteOrigin: string;
  telegramBotToken: string | undefined;
  telegramBotApiSecret: string | undefined;
  oauthProviders: OAuthProviderConfig[];
  log: Logger;
  db: Db;
  cache: Cache;
  clock: Clock;
  rng: Rng;
  appSecret: string;
  /** The name authenticator apps show next to the code. */
  issuer: string;
  policy: SessionPolicy;
  passwordHashing: PasswordHashing;
}) {
  const repository = createAccountsRepository(deps.db);
  const hasher = createPasswordHasher(deps.passwordHashing);
  const codes = createOneTimeCodesRepository(deps.db);
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
    settings: deps.ports.settings,
    cache: deps.cache,
    clock: deps.clock,
    rng: deps.rng,
    appSecret: deps.appSecret,
    policy: deps.policy,
    activity: deps.ports.activity,
    ...(deps.ports.registrationGuard ? { registrationGuard: deps.ports.registrationGuard } : {}),
    ...(deps.ports.promoCodeProblem ? { promoCodeProblem: deps.ports.promoCodeProblem } : {}),
    ...(deps.ports.denominationChanged ? { denominationChanged: deps.ports.denominationChanged } : {}),
  });
  // Password recovery and contact confirmation both send one-time codes and links, and keep them.
  const codeSending = {
    accounts: repository,
    codes,
    outbox: deps.outbox,
    cache: deps.cache,
    clock: deps.clock,
    rng: deps.rng,
    siteOrigin: deps.siteOrigin,
    audit,
    activity: deps.ports.activity,
  };
  const recovery = createRecoveryService({
    ...codeSending,
    hasher,
    twoFactor,
    policy: {
      linkTtlMs: 60 * 60_000,
      smsCodeTtlMs: 10 * 60_000,
      requestIntervalMs: { email: 300_000, sms: 60_000 },
      maxCodeAttempts: 5,
      dailyLimit: { email: 10, sms: 5 },
    },
  });
  const confirmation = createConfirmationService(codeSending);
  const tokenLogin = createTokenLoginService({
    codes,
    clock: deps.clock,
    rng: deps.rng,
    audit,
    openSession: (userId, meta) => service.openSessionFor(userId, meta, 'token'),
  });
  const telegram = createTelegramService({
    repository: createTelegramRepository(deps.db),
    botToken: deps.telegramBotToken,
    appSecret: deps.appSecret,
    clock: deps.clock,
    audit,
    openSession: (userId, meta) => service.openSessionFor(userId, meta, 'telegram'),
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
    openSession: (userId, meta) => service.openSessionFor(userId, meta, 'social'),
    twoFactorEnabled: (userId) => twoFactor.isEnabled(userId),
    issueSecondFactorLookup: (userId) => service.issueSecondFactorLookup(userId),
  });
  const extendedProfile = createExtendedProfileService({
    repository: createExtendedProfileRepository(deps.db),
    activity: deps.ports.activity,
    clock: deps.clock,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(
      accountsRoutes(
        service,
        confirmation,
        telegram,
        oauth,
        deps.ports.walletsOf,
        deps.ports.protectionOf,
        extendedProfile.isFilled,
      ),
    );
    await app.register(extendedProfileRoutes(extendedProfile, requireUser(service)));
    await app.register(oauthRoutes(oauth, service, requireUser(service)));
    await app.register(recoveryRoutes(recovery));
    await app.register(confirmationRoutes(confirmation, requireUser(service)));
    await app.register(tokenLoginRoutes(tokenLogin, requireUser(service)));
    await app.register(telegramRoutes(telegram, requireUser(service)));
    await app.register(telegramBotRoutes({ telegram, tokenLogin, apiSecret: deps.telegramBotApiSecret }));
    await app.register(
      ssoRoutes({
        tokenLogin,
        tracking: deps.ports.tracking,
        cache: deps.cache,
        authenticated: requireUser(service),
      }),
    );
  };
  return {
    service,
    routes,
    /** The player card's labels and sessions in the back office (ADR 045), on the operators' audit. */
    admin(ports: { audit: AuditWriter }) {
      const service = createPlayersAdminService({
        db: deps.db,
        repository: createPlayersAdminRepository(deps.db),
        audit: ports.audit,
        clock: deps.clock,
        idleMs: deps.policy.idleMs,
        autoLogout: async (userId) => (await repository.findUserById(userId))?.autoLogout,
      });
      return { service, routes: accountsAdminRoutes(service) };
    },
    /** The extended profile (ADR 040): demo players fill theirs through it. */
    extendedProfile,
    requireUser: requireUser(service),
    /**
     * The player as other modules need them (gifts, rewards): contacts, currency, labels, and for
     * targeting the country (the edge's at registration, else the extended profile's) and the loyalty
     * level: null, no loyalty programme exists yet (ADR 040).
     */
    async player(userId: number) {
      const user = await repository.findUserById(userId);
      return user
        ? {
            id: user.id,
            currency: user.currency,
            email: user.email,
            phone: user.phone,
            labels: user.labels,
            country: user.country,
            level: null,
          }
        : null;
    },
    /** A login's session when its browser is new to the account (the new-device e-mail; ADR 041). */
    newDevice: (userId: number, at: Date, executor?: Db) => repository.newDeviceSession(userId, at, executor),
    /** The operator's address the player last signed in on, if any (links in later e-mails). */
    siteOf: (userId: number, executor?: Db) => repository.lastSiteOrigin(userId, executor),
    /** The player's e-mail, when they have one (read in the caller's transaction, if any). */
    emailOf: async (userId: number, executor?: Db) =>
      (await repository.findUserById(userId, executor))?.email ?? null,
    /** Other accounts sharing this player's normalised e-mail or phone. */
    contactLookalikes: (userId: number) => repository.contactLookalikes(userId),
    /** What a game provider may know of a player (user/info): a display name and the test flag. */
    async playerProfile(userId: number) {
      const user = await repository.findUserById(userId);
      const roles = rolesOf(user?.labels ?? []);
      return {
        username: user?.username ?? null,
        test: roles.fake || roles.tester,
        country: user?.country ?? null,
      };
    },
  };
}
