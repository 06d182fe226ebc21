import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ADMIN_PREFIX, DEFAULT_GAME_AUTOPLAY, SIGNATURE_HEADER } from '@kometa/contracts';
import type { Platform } from './app.ts';
import { authGuard } from './platform/http/auth-guard.ts';
import { hostOf } from './platform/http/request-context.ts';
import { createSettingsModule } from './modules/settings/index.ts';
import { createContentModule } from './modules/content/index.ts';
import { createTrackingModule, type TrackingPorts } from './modules/tracking/index.ts';
import { createSystemModule } from './modules/system/index.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import { createPaymentsModule } from './modules/payments/index.ts';
import { createSeamlessModule } from './modules/seamless/index.ts';
import { createProtectionModule, type ProtectionPorts } from './modules/protection/index.ts';
import { createCatalogModule } from './modules/catalog/index.ts';
import { createVerificationModule, type VerificationPorts } from './modules/verification/index.ts';
import { createAccountsModule, createPlayerLookup } from './modules/accounts/index.ts';
import { createActivityModule } from './modules/activity/index.ts';
import { createOperatorsModule } from './modules/operators/index.ts';
import { loadDemoQueues } from '../seed/demo-queues.ts';
import { createRewardsModule } from './modules/rewards/index.ts';
import { createGiftsModule, type GiftsPorts } from './modules/gifts/index.ts';
import { createPromotionsModule } from './modules/promotions/index.ts';
import { createReportsModule } from './modules/reports/index.ts';
import { createNotificationsModule } from './modules/notifications/index.ts';
import { AppError } from './platform/http/app-error.ts';
import type { CurrencyCode } from '@kometa/money';
import { loadDemoHistory } from '../seed/demo-history.ts';

/**
 * Ports of a module built before the modules that serve them. Each call goes to the bound
 * implementation; a call before `bind` is a wiring bug and says so. This is how the composition
 * names the cycles between modules (see apps/server/README.md, "Modules and their ports").
 */
function latePorts<P extends object>(name: string): { ports: P; bind(implementation: P): void } {
  let bound: P | undefined;
  const ports = new Proxy({} as P, {
    get(_target, key) {
      return (...args: unknown[]) => {
        if (!bound) throw new Error(`${name}'s ports are not bound yet (composition.ts)`);
        const port = bound[key as keyof P];
        if (typeof port !== 'function') throw new Error(`${name} has no port ${String(key)}`);
        return (port as (...a: unknown[]) => unknown).apply(bound, args);
      };
    },
  });
  return {
    ports,
    bind(implementation) {
      bound = implementation;
    },
  };
}

/**
 * The server's modules, wired to each other through their ports: the one place that knows which
 * module serves which. Modules are built in dependency order; the two cycles (player protection
 * reads deposits, sessions and play from the modules it guards; KYC decisions change account labels
 * while the account shows the KYC form) are closed with late-bound ports at the end.
 */
export function composeModules(platform: Platform, app: { publicUrl: () => string }) {
  const { config, database, cache, jobs, outbox, clock, rng, log } = platform;
  const db = database.db;

  // The player-activity stream (ADR 029): the modules that own the facts record them with its recorder.
  const activity = createActivityModule({
    db,
    isPostgres: database.kind === 'postgres',
    clock,
    log,
    jobs,
    registry: platform.metrics.registry,
    options: { retentionDays: config.activity.retentionDays },
  });

  const settings = createSettingsModule({
    db,
    clock,
    computed: {
      signature: { header: SIGNATURE_HEADER, key: config.signature.key, mode: config.signature.mode },
      // The login ways this server is configured for (an operator may store its own value over it).
      social_authorization: {
        enabled: config.oauthProviders.length > 0 || config.telegramBotToken !== undefined,
        providers: config.oauthProviders.map((provider) => provider.id),
        telegram: config.telegramBotToken ? { bot: config.telegramBotName ?? null } : null,
      },
    },
  });
  const content = createContentModule({ db, clock });
  // Cycle: a signed-in player's page hit is activity (tracking asks accounts whose session it is),
  // while accounts hand tracking's ids to single sign-on.
  const trackingPorts = latePorts<Pick<TrackingPorts, 'signedIn'>>('tracking');
  const tracking = createTrackingModule({
    db,
    clock,
    rng,
    secret: config.appSecret,
    ports: { activity: activity.recorder, signedIn: trackingPorts.ports.signedIn },
  });
  const system = createSystemModule({ clock, ports: { settings: settings.service } });
  const wallet = createWalletModule({
    db,
    clock,
    rng,
    // The payments module comes later in this composition; the exchanger asks it when a player does.
    ports: { settings: settings.service, cashierCurrencies: () => payments.cashierCurrencies() },
  });

  // Cycle 1: protection guards payments, accounts and play, and reads them back.
  const protectionPorts = latePorts<ProtectionPorts>('protection');
  const protection = createProtectionModule({
    db,
    clock,
    appSecret: config.appSecret,
    timezone: config.protection.timezone,
    ports: protectionPorts.ports,
  });
  // Cycle 2: KYC decisions label the account; the account shows the KYC form.
  const verificationPorts = latePorts<Pick<VerificationPorts, 'changeLabels'>>('verification');
  const verification = createVerificationModule({
    db,
    clock,
    storageDir: config.protection.kycStorageDir,
    ports: {
      changeLabels: verificationPorts.ports.changeLabels,
      audit: (entry, executor) => protection.service.record(entry, executor),
    },
  });
  // Cycle 3: gifts need the player's contacts (one welcome per person); the account shows the
  // wagering progress in its wallets.
  const playerPorts = latePorts<Pick<GiftsPorts, 'player' | 'lookalikes'>>('players');
  // Cashback reads the real part of provider stakes from the seamless wallet, built later (ADR 031).
  const playPorts = latePorts<Pick<GiftsPorts, 'realPlay'>>('play');
  const refusal = async (userId: number) => {
    const player = await playerPorts.ports.player(userId);
    if (!player) throw new AppError('NOT_FOUND');
    return protection.service.rewardRefusal({ id: userId, ...player });
  };
  // The reward port (ADR 030): every feature grants anything of value through it.
  const rewards = createRewardsModule({ db, clock, ports: { ledger: wallet.ledger, refusal } });
  const gifts = createGiftsModule({
    db,
    clock,
    jobs,
    ports: {
      ledger: wallet.ledger,
      wallets: wallet.service,
      settings: settings.service,
      rewards: rewards.service,
      activity,
      refusal,
      player: playerPorts.ports.player,
      lookalikes: playerPorts.ports.lookalikes,
      realPlay: playPorts.ports.realPlay,
    },
  });
  const promotions = createPromotionsModule({
    db,
    clock,
    ports: {
      rewards: rewards.service,
      createOffer: (offer) => gifts.service.createOffer(offer),
      offerExists: async (id) => (await gifts.service.offer(id)) !== null,
    },
  });
  const accounts = createAccountsModule({
    db,
    cache,
    clock,
    rng,
    log,
    outbox,
    siteOrigin: config.siteOrigin,
    telegramBotToken: config.telegramBotToken,
    telegramBotApiSecret: config.telegramBotApiSecret,
    oauthProviders: config.oauthProviders,
    appSecret: config.appSecret,
    issuer: 'Kometa',
    passwordHashing: config.passwordHashing,
    policy: {
      idleMs: config.sessions.idleMs,
      absoluteMs: config.sessions.absoluteMs,
      refreshGraceMs: 60_000,
      lookupTtlMs: 5 * 60_000,
      maxFailuresPerAccount: config.sessions.maxFailuresPerAccount,
      maxFailuresPerIp: config.sessions.maxFailuresPerAccount * 10,
      captchaAfterFailures: 3,
      failureWindowMs: 15 * 60_000,
      maxDelayMs: 10 * 60_000,
      globalFailuresPerMinute: config.sessions.globalFailuresPerMinute,
    },
    ports: {
      walletsOf: async (userId, currency) => {
        const wallets = await wallet.service.wallets(userId, currency);
        return Promise.all(
          wallets.map(async (w) => {
            const progress = await gifts.service.wagerProgress(userId, w.currency);
            return { ...w, currentBonusWager: progress.current, requiredBonusWager: progress.required };
          }),
        );
      },
      protectionOf: async (userId, currency) => {
        const [{ limits, schedule }, form] = await Promise.all([
          protection.service.limits({ id: userId, currency, email: null, phone: null }),
          verification.service.form(userId),
        ]);
        return {
          limits,
          limitsSchedule: schedule,
          verificationForm: { status: form.status, actions: form.actions },
        };
      },
      registrationGuard: (contacts) => protection.service.registrationGuard(contacts),
      // ADR 040: a promo code typed at registration that can give nothing is said so at once; a
      // changed chip value clears the deposit gift waiting for its deposit.
      promoCodeProblem: (code) => gifts.promo.registrationProblem(code),
      denominationChanged: async (userId) => void (await gifts.service.releaseWaitingDeposit(userId)),
      tracking: tracking.service,
      settings: settings.service,
      activity: activity.recorder,
    },
  });
  const payments = createPaymentsModule({
    db,
    jobs,
    clock,
    rng,
    log,
    siteOrigin: config.siteOrigin,
    allowedReturnHosts: new Set(
      [config.siteOrigin, ...config.allowedDomains].map((origin) => hostOf(origin)).filter(Boolean),
    ),
    depositTimeoutMs: config.payments.depositTimeoutMs,
    sandbox: { enabled: config.payments.sandbox, secret: config.payments.sandboxSecret },
    publicUrl: app.publicUrl,
    ports: {
      ledger: wallet.ledger,
      wallets: wallet.service,
      settings: settings.service,
      protection: protection.service,
      financeBlocked: (userId) => verification.service.financeBlocked(userId),
      bonus: gifts.service,
      activity: activity.recorder,
    },
  });
  const seamless = createSeamlessModule({
    db,
    jobs,
    clock,
    rng,
    providers: config.games.providers,
    appSecret: config.appSecret,
    bus: cache,
    sessionMs: config.games.sessionMs,
    roundTimeoutMs: config.games.roundTimeoutMs,
    onError: (error) => log.error({ err: error }, 'provider audit rows not written yet; trying again'),
    ports: {
      ledger: wallet.ledger,
      wallets: wallet.service,
      userOf: (userId) => accounts.playerProfile(userId),
      activity: activity.recorder,
      freeRounds: (userId, provider, gameCode, currency) =>
        gifts.freeRounds(userId, provider, gameCode, currency),
      mayPlay: ({ user }) =>
        protection.service.assertMayPlay({
          id: user.id,
          currency: user.currency,
          email: user.email,
          phone: user.phone,
        }),
      autoplaySetting: () => settings.service.get('game_autoplay').catch(() => DEFAULT_GAME_AUTOPLAY),
      realityCheck: async ({ user, session }) => {
        const player = { id: user.id, currency: user.currency, email: user.email, phone: user.phone };
        const check = await protection.service.realityCheck(player, session.id);
        return {
          sessionStartedAt: check.sessionStartedAt,
          intervalMinutes: check.intervalMinutes,
          nextCheckAt: check.nextCheckAt,
          net: check.net,
        };
      },
    },
  });
  const catalog = createCatalogModule({
    db,
    clock,
    cache,
    jobs,
    // An operator's change to the lobby empties the guest cache on every instance (ADR 037, ADR 038).
    flushGuestCache: () => platform.guestCache.invalidate(),
    siteOrigin: config.siteOrigin,
    timezone: config.protection.timezone,
    ports: {
      launch: (auth, game, language) => seamless.launch(auth, game, language),
      launchGuest: (game, language) => seamless.launchGuest(game, language),
      recentGames: (userId, limit) => seamless.recentGames(userId, limit),
      recentWins: (currency, limit) => seamless.recentWins(currency, limit),
      recentNetWins: (query) => seamless.recentNetWins(query),
      topWins: (query) => seamless.topWins(query),
      topPlayers: (query) => seamless.topPlayers(query),
      roundCounts: (since, userId) => seamless.roundCounts(since, userId),
      publicPlayers: (ids) => accounts.service.publicPlayers(ids),
      hiddenPlayers: () => accounts.service.hiddenFromPublicFigures(),
      freeBet: (userId, game, currency) => gifts.freeBet(userId, game.provider, game.code, currency),
      balances: async (userId, currency) => {
        const found = (await wallet.service.wallets(userId, currency)).find((w) => w.currency === currency);
        return { real: found?.netBalance ?? 0, bonus: (found?.balance ?? 0) - (found?.netBalance ?? 0) };
      },
    },
  });

  // The back office's operators (ADR 028): players and their money through the modules that own them.
  const playerLookup = createPlayerLookup(db);
  const operators = createOperatorsModule({
    database,
    clock,
    rng,
    appSecret: config.appSecret,
    passwordHashing: config.passwordHashing,
    ports: {
      players: playerLookup,
      playersPaidWith: (text) => payments.playersPaidWith(text),
      balances: (players) => wallet.service.balancesOfPlayers(players),
      ledger: wallet.ledger,
    },
  });
  // The player card (ADR 045): labels and sessions (accounts), rounds (seamless), limits (protection).
  operators.mount(accounts.admin({ audit: operators.audit }).routes);
  // Rounds of Kometa's own game server link to its fairness page; other providers' rounds have none.
  const ownGameProviders = new Set(['kometa', 'demo']);
  operators.mount(
    seamless.playerRounds((provider) => (ownGameProviders.has(provider) ? config.games.serverUrl : null))
      .routes,
  );
  operators.mount(protection.admin({ audit: operators.audit, player: (id) => accounts.player(id) }).routes);
  // Bonuses in the back office (ADR 033): offers, promo codes, a player's gifts, four-eyes grants.
  operators.mount(gifts.admin({ audit: operators.audit, fourEyes: operators.fourEyes }).routes);
  // Payments and KYC in the back office (ADR 036): the withdrawal queue (four-eyes above the threshold),
  // refunds, payment systems, and the KYC review queue with its documents.
  const playerEmails = (ids: number[]) => playerLookup.emails(ids);
  const paymentsAdmin = payments.admin({
    audit: operators.audit,
    fourEyes: operators.fourEyes,
    playerEmails,
  });
  operators.mount(paymentsAdmin.routes);
  const kycAdmin = verification.admin({ audit: operators.audit, playerEmails });
  operators.mount(kycAdmin.routes);
  operators.addQueue('withdrawals', 'payments.list', () => paymentsAdmin.service.reviewCount());
  operators.addQueue('kycDocuments', 'kyc.list', () => kycAdmin.service.pendingCount());
  // Games, the lobby and providers in the back office (ADR 037): every change empties the lobby's caches.
  operators.mount(
    catalog.admin({
      audit: operators.audit,
      gamePlay: (games, since) => seamless.gamePlay(games, since),
    }).routes,
  );
  operators.mount(
    seamless.admin({ audit: operators.audit, lobbyChanged: () => catalog.service.lobbyChanged() }).routes,
  );
  // Content in the back office (ADR 038): pages, redirects, menus, banners, images, settings; each
  // change drops the guest caches so the site shows it at once.
  const invalidate = () => platform.guestCache.invalidate();
  const contentAdmin = content.admin({ audit: operators.audit, invalidate });
  operators.mount(contentAdmin.routes);
  operators.mount(settings.admin({ clock, ports: { audit: operators.audit, invalidate } }).routes);
  // Reports (ADR 039): the ledger read by period, reconciled with the payment providers' statements and
  // with Kometa's game server (its own providers, over signed HTTP); the dashboard's queues and alerts.
  const reports = createReportsModule({
    db,
    clock,
    timezone: config.protection.timezone,
    ports: {
      statements: (from, to, currency) => payments.statements(from, to, currency),
      gameServer: {
        url: config.games.serverUrl,
        providers: config.games.providers.flatMap((provider) =>
          ownGameProviders.has(provider.id) && provider.hmacSecret
            ? [{ id: provider.id, secret: provider.hmacSecret }]
            : [],
        ),
      },
      // The same counts as the operators' dashboard queues.
      waitingWithdrawals: () => paymentsAdmin.service.reviewCount(),
      pendingKyc: () => kycAdmin.service.pendingCount(),
    },
  });
  operators.mount(reports.admin);
  // The site's promotions in the back office (ADR 040).
  operators.mount(promotions.admin({ audit: operators.audit, invalidate }).routes);

  // Transactional e-mails (issue 20, ADR 041): payments and logins from the stream, protection's changes.
  const notifications = createNotificationsModule({
    outbox,
    siteOrigin: config.siteOrigin,
    timezone: config.protection.timezone,
    ports: {
      subscribe: (name, handler, options) => activity.subscribe(name, handler, options),
      emailOf: (userId, executor) => accounts.emailOf(userId, executor),
      newDevice: (userId, at, executor) => accounts.newDevice(userId, at, executor),
      siteOf: (userId, executor) => accounts.siteOf(userId, executor),
    },
  });
  protectionPorts.bind({
    notify: (userId, notice, at) => notifications.protectionChanged(userId, notice, at),
    depositedSince: (userId, currency, since, executor) =>
      payments.depositedSince(userId, currency, since, executor),
    sessionSeconds: (userId, since) => accounts.service.sessionSeconds(userId, since),
    endAllSessions: (userId, reason) => accounts.service.endAllSessions(userId, reason),
    loginTime: (sessionId) => accounts.service.loginTime(sessionId),
    playSince: (userId, currency, since) => seamless.playSince(userId, currency, since),
  });
  playPorts.bind({
    realPlay: (provider, transactionId, executor) => seamless.realPlay(provider, transactionId, executor),
  });
  playerPorts.bind({
    player: async (userId) => {
      const player = await accounts.player(userId);
      return player && { ...player, currency: player.currency as CurrencyCode };
    },
    lookalikes: async (userId) => [
      ...(await accounts.contactLookalikes(userId)),
      ...(await protection.service.sharingPaymentDetails(userId)).map((id) => ({
        userId: id,
        on: 'payment_details' as const,
      })),
    ],
  });
  verificationPorts.bind({
    changeLabels: (userId, add, remove) => accounts.service.changeLabels(userId, add, remove),
  });
  trackingPorts.bind({
    signedIn: (token) =>
      accounts.service.authenticate(token).then(
        (auth) => auth.user.id,
        () => null,
      ),
  });

  /** The platform's auth guard over the accounts module's sessions, for every player route. */
  const requireUser = authGuard((token) => accounts.service.authenticate(token));

  return {
    activity,
    settings,
    content,
    contentAdmin,
    tracking,
    system,
    wallet,
    protection,
    verification,
    payments,
    accounts,
    seamless,
    catalog,
    operators,
    rewards,
    gifts,
    promotions,
    reports,
    requireUser,
  };
}

export type Modules = ReturnType<typeof composeModules>;

/** Every module's routes: the player API under its version prefix, then the partners' doors. */
export async function registerModuleRoutes(app: FastifyInstance, modules: Modules, apiPrefix: string) {
  const { requireUser } = modules;
  const playerApi: FastifyPluginAsync = async (api) => {
    await api.register(modules.system.routes);
    await api.register(modules.settings.routes);
    await api.register(modules.content.routes);
    await api.register(modules.tracking.routes);
    await api.register(modules.accounts.routes);
    await api.register(modules.wallet.routes(requireUser));
    await api.register(modules.payments.routes(requireUser));
    await api.register(modules.seamless.routes(requireUser));
    await api.register(modules.protection.routes(requireUser));
    await api.register(modules.verification.routes(requireUser));
    await api.register(modules.catalog.routes(requireUser));
    await api.register(modules.gifts.routes(requireUser));
    await api.register(modules.promotions.routes(requireUser));
  };
  await app.register(playerApi, { prefix: apiPrefix });
  await app.register(modules.system.unversionedRoutes);
  await app.register(modules.contentAdmin.media);
  await app.register(modules.seamless.providerRoutes, { prefix: '/api/provider' });
  if (modules.payments.sandboxRoutes) await app.register(modules.payments.sandboxRoutes);
  await app.register(modules.operators.routes, { prefix: ADMIN_PREFIX });
}

/** What runs once the routes are in: the protection's time zone, and the demo content when asked. */
export async function startModules(platform: Platform, modules: Modules, loadDemo: () => Promise<void>) {
  await modules.protection.start();
  if (platform.config.seedDemo) {
    await loadDemo();
    await modules.payments.loadDemo();
    await modules.operators.loadDemo();
    if (platform.config.seedDemoPlayers) {
      await loadDemoQueues(platform.database, {
        accounts: modules.accounts.service,
        verification: modules.verification.service,
        loadDemoWithdrawals: (withdrawals) => modules.payments.loadDemoWithdrawals(withdrawals),
      });
    }
    await modules.gifts.loadDemo();
    await modules.promotions.loadDemo();
    await modules.seamless.loadDemo();
    await modules.catalog.service.loadDemo((games) => modules.seamless.registerGames(games));
    // A month of play, money and players for the reports and the dashboard (ADR 039).
    if (platform.config.demoHistory)
      await loadDemoHistory(platform.database, {
        registerGames: (games) => modules.seamless.registerGames(games),
        protection: modules.protection.service,
        now: platform.clock.now(),
      });
  }
}
