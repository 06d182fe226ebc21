import {
  AccountMessage,
  COUNTER_NAMES,
  OAuthMessage,
  type RegistrationBody,
  type User,
  type UserWallet,
} from '@kometa/contracts';
import { DEFAULT_CURRENCY, parseSum, type CurrencyCode } from '@kometa/money';
import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { randomToken, type Rng } from '../../platform/rng.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  uniqueViolation,
  type AccountsRepository,
  type SessionRow,
  type UserRow,
} from './accounts.repository.ts';
import { checkBirthDate, checkEmail, checkPhone, checkUsername } from './accounts.validation.ts';
import { passwordProblem, type PasswordHasher } from './password.ts';
import { TwoFactorMessage, type TwoFactor } from './two-factor.ts';
import { createProtection, type Captcha } from './captcha.ts';
import { createAuthAudit } from './auth-audit.ts';
import { createSealer, newToken, tokenHash } from './session-tokens.ts';
import { countsInPublicFigures, RoleLabel, rolesOf, type Roles } from './roles.ts';

export interface SessionPolicy {
  /** A session unused this long ends (when the player keeps auto-logout on). */
  idleMs: number;
  /** A session ends this long after login, whatever happens. */
  absoluteMs: number;
  /** A second refresh with the same old token within this time gets the same new token. */
  refreshGraceMs: number;
  lookupTtlMs: number;
  /** Failed logins per account (or per e-mail/phone typed) before each further attempt waits. */
  maxFailuresPerAccount: number;
  /** Failed logins per address before its logins need a captcha (ten times as many: it cools off). */
  maxFailuresPerIp: number;
  /** Failed logins per account before every further attempt needs a captcha. */
  captchaAfterFailures: number;
  failureWindowMs: number;
  /** The longest wait between two attempts on one login (the doubling delay's cap). */
  maxDelayMs: number;
  /** Failed logins across the platform in a minute from which every login needs a captcha. */
  globalFailuresPerMinute: number;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The Verification-Token header: a captcha answer on step one, the protection signature on step two. */
  verificationToken?: string | null;
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  /** From the stored labels (spec §6), never from what the client says. */
  roles: Roles;
}

const LAST_SEEN_PRECISION_MS = 60_000;
const DAY_MS = 86_400_000;

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
}) {
  const { repository, hasher, twoFactor, clock, policy } = deps;
  const sealer = createSealer(deps.appSecret, 'session-successor');
  const protection = createProtection(deps.appSecret);

  const audit = createAuthAudit(repository, clock);

  /** available_denominations ("0.01,0.1,1,10", major units) as minor units. */
  async function availableDenominations(): Promise<number[]> {
    const raw = await deps.settings.get<string>('available_denominations').catch(() => '');
    const values: number[] = [];
    for (const item of String(raw).split(',')) {
      try {
        const value = parseSum(item);
        if (value > 0) values.push(value);
      } catch {
        // An operator typo drops that one value, not the whole list.
      }
    }
    return values;
  }

  async function minimumAge(): Promise<number> {
    const legal = await deps.settings.get<{ minimum_age?: number }>('legal').catch(() => undefined);
    return typeof legal?.minimum_age === 'number' ? legal.minimum_age : 18;
  }

  async function openSession(
    user: UserRow,
    meta: RequestMeta,
    expiresAt?: Date,
  ): Promise<{ token: string; session: SessionRow }> {
    const now = new Date(clock.now());
    const token = newToken(deps.rng);
    const session = await repository.insertSession({
      userId: user.id,
      tokenHash: tokenHash(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiresAt ?? new Date(now.getTime() + policy.absoluteMs),
      userAgent: meta.userAgent,
      ip: meta.ip,
    });
    return { token, session };
  }

  function liveness(
    session: SessionRow,
    user: UserRow,
    now: number,
  ): 'live' | 'revoked' | 'expired' | 'idle' {
    if (session.revokedAt) return 'revoked';
    if (now >= session.expiresAt.getTime()) return 'expired';
    if (user.autoLogout && now - session.lastSeenAt.getTime() >= policy.idleMs) return 'idle';
    return 'live';
  }

  /**
   * Failed logins are counted per typed login (or account) for the day, per address for the window and
   * across the platform per minute, in fixed windows numbered by the injected clock (so tests can move
   * time). Nothing here locks an
   * account out (ADR 024): past `captchaAfterFailures` every attempt on that login needs a fresh
   * captcha, and past `maxFailuresPerAccount` each attempt also waits a delay that doubles with every
   * failure (1 s, 2 s, 4 s … up to `maxDelayMs`). A guesser gets a few tries an hour whatever addresses
   * it uses; the player, who knows the password, waits at most that long once.
   */
  function failureKeys(lookupKey: string, ip: string) {
    const window = Math.floor(clock.now() / policy.failureWindowMs);
    const day = Math.floor(clock.now() / DAY_MS);
    return {
      account: `auth:fail:acct:${lookupKey}:${day}`,
      last: `auth:fail:last:${lookupKey}`,
      ip: `auth:fail:ip:${ip}:${window}`,
      platform: `auth:fail:all:${Math.floor(clock.now() / 60_000)}`,
    };
  }

  async function failureCounts(lookupKey: string, ip: string) {
    const keys = failureKeys(lookupKey, ip);
    const [account, address, platform, last] = await Promise.all(
      [keys.account, keys.ip, keys.platform, keys.last].map((key) => deps.cache.get(key)),
    );
    return {
      account: Number(account ?? 0),
      ip: Number(address ?? 0),
      platform: Number(platform ?? 0),
      lastFailureAt: Number(last ?? 0),
    };
  }

  async function countFailure(lookupKey: string, ip: string): Promise<void> {
    const keys = failureKeys(lookupKey, ip);
    await Promise.all([
      deps.cache.increment(keys.account, DAY_MS),
      deps.cache.increment(keys.ip, policy.failureWindowMs),
      deps.cache.increment(keys.platform, 60_000),
      deps.cache.set(keys.last, String(clock.now()), DAY_MS),
    ]);
  }

  /** The right password clears that login's failures: only the guesser keeps paying for them. */
  async function clearFailures(lookupKey: string): Promise<void> {
    const keys = failureKeys(lookupKey, '');
    await Promise.all([deps.cache.delete(keys.account), deps.cache.delete(keys.last)]);
  }

  /** A captcha on every attempt for a login that failed a few times, or for everyone during a wave. */
  const captchaNeeded = (counts: Awaited<ReturnType<typeof failureCounts>>) =>
    counts.account >= policy.captchaAfterFailures ||
    counts.ip >= policy.maxFailuresPerIp ||
    counts.platform >= policy.globalFailuresPerMinute;

  async function guardAttempts(lookupKey: string, meta: RequestMeta): Promise<void> {
    const counts = await failureCounts(lookupKey, meta.ip);
    let waitMs = 0;
    // An address shared by many players (a carrier's NAT, an office) meets a captcha first; only ten
    // times as many failures close it for the window.
    if (counts.ip >= policy.maxFailuresPerIp * 10) waitMs = policy.failureWindowMs;
    else if (counts.account >= policy.maxFailuresPerAccount) {
      const delay = Math.min(
        1000 * 2 ** Math.min(counts.account - policy.maxFailuresPerAccount, 30),
        policy.maxDelayMs,
      );
      waitMs = counts.lastFailureAt + delay - clock.now();
    }
    if (waitMs > 0) {
      await audit('login.throttled', false, meta, { lookup: lookupKey });
      throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) } });
    }
  }

  async function reauthenticate(
    auth: Authenticated,
    password: string,
    meta: RequestMeta,
    event: string,
  ): Promise<void> {
    if (await hasher.verify(auth.user.passwordHash, password)) return;
    await audit(event, false, meta, { userId: auth.user.id, detail: { reason: 'password' } });
    throw new AppError('VALIDATION_ERROR', { fields: { password: AccountMessage.oldPasswordMismatch } });
  }

  async function checkCredentials(found: UserRow | undefined, password: string): Promise<boolean> {
    return found ? hasher.verify(found.passwordHash, password) : hasher.verifyNothing(password);
  }

  return {
    async register(body: RegistrationBody, meta: RequestMeta): Promise<{ token: string; user: UserRow }> {
      const fields: Record<string, string> = {};
      const email = body.email ? checkEmail(body.email) : undefined;
      const phone = body.phone ? checkPhone(body.phone) : undefined;
      const username = body.username !== undefined ? checkUsername(body.username) : undefined;
      if (!email && !phone) fields.email = AccountMessage.contactRequired;
      if (email && 'problem' in email) fields.email = email.problem;
      if (phone && 'problem' in phone) fields.phone = phone.problem;
      if (username && 'problem' in username) fields.username = username.problem;
      const passwordIssue = await passwordProblem(body.password);
      if (passwordIssue) fields.password = passwordIssue;
      const birth = checkBirthDate(body.birthday, await minimumAge(), new Date(clock.now()));
      if ('problem' in birth) fields.birthday = birth.problem;
      if (!body.agreeRules) fields.agreeRules = AccountMessage.rulesNotAccepted;
      const currency: CurrencyCode = body.currency ?? DEFAULT_CURRENCY;
      if (currency === 'POINTS') fields.currency = 'errors.invalid';

      const values = {
        email: email && 'value' in email ? email.value : undefined,
        phone: phone && 'value' in phone ? phone.value : undefined,
        username: username && 'value' in username ? username.value : undefined,
      };
      const excluded = await deps.registrationGuard?.({
        ...(values.email ? { email: values.email } : {}),
        ...(values.phone ? { phone: values.phone } : {}),
      });
      if (excluded) fields[values.email ? 'email' : 'phone'] = excluded;
      const taken = await repository.takenFields(values);
      if (taken.has('email')) fields.email ??= AccountMessage.emailTaken;
      if (taken.has('phone')) fields.phone ??= AccountMessage.phoneTaken;
      if (taken.has('username')) fields.username ??= AccountMessage.usernameTaken;
      if (Object.keys(fields).length > 0 || !('value' in birth)) {
        await audit('register', false, meta, { detail: { fields } });
        throw new AppError('VALIDATION_ERROR', { fields });
      }

      const now = new Date(clock.now());
      let user: UserRow;
      try {
        user = await repository.insertUser({
          email: values.email ?? null,
          phone: values.phone ?? null,
          username: values.username ?? null,
          passwordHash: await hasher.hash(body.password),
          birthDate: birth.value,
          currency,
          promoCode: body.promoCode || null,
          referralCode: body.referralCode || null,
          rulesAcceptedAt: now,
          createdAt: now,
          lastLoginAt: now,
        });
      } catch (error) {
        // Two registrations raced for the same e-mail, phone or username: the loser is told which.
        const field = uniqueViolation(error);
        if (!field) throw error;
        throw new AppError('VALIDATION_ERROR', { fields: { [field]: AccountMessage[`${field}Taken`] } });
      }
      const { token } = await openSession(user, meta);
      await audit('register', true, meta, { userId: user.id });
      return { token, user };
    },

    /**
     * Step one of the lookup login: checks the credentials and names the account with a short-lived
     * token. After `captchaAfterFailures` failures the attempt must carry a solved captcha; the lookup
     * then also answers a protection phrase that step two must present.
     */
    async lookup(kind: 'email' | 'phone', login: string, password: string, meta: RequestMeta) {
      const checked = kind === 'email' ? checkEmail(login) : checkPhone(login);
      if ('problem' in checked)
        throw new AppError('VALIDATION_ERROR', { fields: { [kind]: checked.problem } });
      const key = checked.value;
      await guardAttempts(key, meta);
      const purpose = `login:${key}`;
      const needsCaptcha = async () => captchaNeeded(await failureCounts(key, meta.ip));
      const captchaRequired = await needsCaptcha();
      if (captchaRequired && !(await deps.captcha.solve(purpose, meta.verificationToken ?? undefined))) {
        await audit('login.captcha', false, meta, { lookup: key });
        throw new AppError('CAPTCHA', { extra: { captcha: deps.captcha.issue(purpose) } });
      }
      const found =
        kind === 'email' ? await repository.findUserByEmail(key) : await repository.findUserByPhone(key);
      if (!(await checkCredentials(found, password))) {
        await countFailure(key, meta.ip);
        await audit('login.lookup', false, meta, { userId: found?.id ?? null, lookup: key });
        // Spec §8: a failed login may carry the captcha the next attempt must solve.
        throw new AppError(
          'BAD_CREDENTIALS',
          (await needsCaptcha()) ? { extra: { captcha: deps.captcha.issue(purpose) } } : {},
        );
      }
      const user = found as UserRow;
      const lookup = randomToken(deps.rng, 256);
      const lookupHash = tokenHash(lookup);
      const now = clock.now();
      await repository.insertLookup({
        tokenHash: lookupHash,
        userId: user.id,
        createdAt: new Date(now),
        expiresAt: new Date(now + policy.lookupTtlMs),
        protectionRequired: captchaRequired,
      });
      await clearFailures(key);
      await audit('login.lookup', true, meta, { userId: user.id, lookup: key });
      const enabled = await twoFactor.isEnabled(user.id);
      return captchaRequired
        ? { lookup, twoFactor: { enabled }, protection: protection.issue(lookupHash, deps.rng) }
        : { lookup, twoFactor: { enabled } };
    },

    /** Step two: the lookup token and the password again (and the 2FA code when on) give a new session. */
    async login(
      lookup: string,
      password: string,
      twoFactorCode: string | undefined,
      meta: RequestMeta,
    ): Promise<{ token: string }> {
      const hash = tokenHash(lookup);
      const now = new Date(clock.now());
      const live = await repository.findLiveLookup(hash, now);
      const user = live === undefined ? undefined : await repository.findUserById(live.userId);
      const key = user ? `user:${user.id}` : `lookup:${hash.toString('hex').slice(0, 16)}`;
      await guardAttempts(key, meta);
      if (!(await checkCredentials(user, password)) || !user) {
        await countFailure(key, meta.ip);
        await audit('login', false, meta, { userId: user?.id ?? null });
        throw new AppError('BAD_CREDENTIALS');
      }
      if (live?.protectionRequired && !protection.check(hash, meta.verificationToken ?? undefined)) {
        await audit('login', false, meta, { userId: user.id, detail: { reason: 'protection phrase' } });
        throw new AppError('BAD_PROTECTION_PHRASE');
      }
      if (await twoFactor.isEnabled(user.id)) {
        if (!twoFactorCode)
          throw new AppError('VALIDATION_ERROR', { fields: { twoFactorCode: TwoFactorMessage.required } });
        if (!(await twoFactor.check(user.id, twoFactorCode))) {
          await countFailure(key, meta.ip);
          await audit('login', false, meta, { userId: user.id, detail: { reason: 'two-factor code' } });
          throw new AppError('VALIDATION_ERROR', { fields: { twoFactorCode: TwoFactorMessage.invalid } });
        }
      }
      if ((await repository.useLookup(hash, now)) !== user.id) {
        await audit('login', false, meta, { userId: user.id, detail: { reason: 'lookup already used' } });
        throw new AppError('BAD_CREDENTIALS');
      }
      const { token } = await openSession(user, meta);
      await repository.recordLogin(user.id, now);
      await audit('login', true, meta, { userId: user.id });
      return { token };
    },

    /** The session behind an Auth-Token, or 401. Keeps last-seen fresh (to the minute). */
    async authenticate(token: string | null): Promise<Authenticated> {
      if (!token) throw new AppError('AUTHENTICATION');
      const found = await repository.findSessionByHash(tokenHash(token));
      const now = clock.now();
      if (!found || liveness(found.session, found.user, now) !== 'live') throw new AppError('AUTHENTICATION');
      if (now - found.session.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS) {
        await repository.touchSession(found.session.id, new Date(now));
      }
      return { ...found, roles: rolesOf(found.user.labels) };
    },

    /**
     * A new token for a live session (spec §4: one refresh, then replay). The old token stops working;
     * a concurrent refresh with it within the grace gets the same new token, so one session results.
     */
    async refresh(token: string | null, meta: RequestMeta): Promise<{ token: string }> {
      if (!token) throw new AppError('AUTHENTICATION');
      const found = await repository.findSessionByHash(tokenHash(token));
      if (!found) throw new AppError('AUTHENTICATION');
      const now = clock.now();
      let plain: string | undefined;
      const outcome = await repository.rotateSession(
        found.session.id,
        (old) => {
          if (
            old.replacedBy &&
            old.successorTokenEnc &&
            old.revokedAt &&
            now - old.revokedAt.getTime() < policy.refreshGraceMs
          ) {
            plain = sealer.open(old.successorTokenEnc);
            return plain ? 'reuse' : null;
          }
          if (liveness(old, found.user, now) !== 'live') return null;
          plain = newToken(deps.rng);
          return {
            tokenEnc: sealer.seal(plain),
            successor: {
              userId: old.userId,
              tokenHash: tokenHash(plain),
              createdAt: new Date(now),
              lastSeenAt: new Date(now),
              expiresAt: old.expiresAt,
              userAgent: meta.userAgent,
              ip: meta.ip,
            },
          };
        },
        new Date(now),
      );
      if (!outcome || !plain) {
        await audit('session.refresh', false, meta, { userId: found.user.id });
        throw new AppError('AUTHENTICATION');
      }
      await audit('session.refresh', true, meta, { userId: found.user.id });
      return { token: plain };
    },

    /**
     * A social login of a player with two-factor on earns a lookup that finishes only with a code
     * (`loginWithSecondFactor`), never with a password-less shortcut.
     */
    async issueSecondFactorLookup(userId: number): Promise<{ lookup: string; ttlSeconds: number }> {
      const lookup = randomToken(deps.rng, 256);
      const now = clock.now();
      await repository.insertLookup({
        tokenHash: tokenHash(lookup),
        userId,
        createdAt: new Date(now),
        expiresAt: new Date(now + policy.lookupTtlMs),
        via: 'oauth',
      });
      return { lookup, ttlSeconds: Math.floor(policy.lookupTtlMs / 1000) };
    },

    /** Step two of a social login with two-factor on: the lookup and a TOTP or recovery code. */
    async loginWithSecondFactor(lookup: string, code: string, meta: RequestMeta): Promise<{ token: string }> {
      const hash = tokenHash(lookup);
      const now = new Date(clock.now());
      const live = await repository.findLiveLookup(hash, now);
      const key = live ? `user:${live.userId}` : `lookup:${hash.toString('hex').slice(0, 16)}`;
      await guardAttempts(key, meta);
      if (live?.via !== 'oauth') {
        await countFailure(key, meta.ip);
        await audit('login.oauth', false, meta, { userId: null, detail: { reason: 'lookup' } });
        throw new AppError('BAD_CREDENTIALS', { message: OAuthMessage.invalidToken });
      }
      if (!(await twoFactor.check(live.userId, code))) {
        await countFailure(key, meta.ip);
        await audit('login.oauth', false, meta, {
          userId: live.userId,
          detail: { reason: 'two-factor code' },
        });
        throw new AppError('VALIDATION_ERROR', { fields: { twoFactorCode: TwoFactorMessage.invalid } });
      }
      if ((await repository.useLookup(hash, now)) !== live.userId) {
        await audit('login.oauth', false, meta, { userId: live.userId, detail: { reason: 'lookup used' } });
        throw new AppError('BAD_CREDENTIALS', { message: OAuthMessage.invalidToken });
      }
      const session = await this.openSessionFor(live.userId, meta);
      await audit('login.oauth', true, meta, { userId: live.userId });
      return session;
    },

    /** A new session for a player proven some other way (token login, single sign-on). */
    async openSessionFor(userId: number, meta: RequestMeta): Promise<{ token: string }> {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('BAD_CREDENTIALS');
      const { token } = await openSession(user, meta);
      await repository.recordLogin(user.id, new Date(clock.now()));
      return { token };
    },

    async logout(auth: Authenticated, meta: RequestMeta): Promise<void> {
      await repository.revokeSession(auth.session.id, new Date(clock.now()), 'logout');
      await audit('logout', true, meta, { userId: auth.user.id });
    },

    async sessions(auth: Authenticated) {
      const rows = await repository.listLiveSessions(auth.user.id, new Date(clock.now()));
      return rows.map((row) => ({
        id: row.id,
        current: row.id === auth.session.id,
        createdAt: Math.floor(row.createdAt.getTime() / 1000),
        lastSeenAt: Math.floor(row.lastSeenAt.getTime() / 1000),
        userAgent: row.userAgent,
        ip: row.ip,
      }));
    },

    async endOtherSessions(auth: Authenticated, meta: RequestMeta): Promise<number> {
      const ended = await repository.revokeOtherSessions(
        auth.user.id,
        auth.session.id,
        new Date(clock.now()),
        'ended by player',
      );
      await audit('session.end_others', true, meta, { userId: auth.user.id, detail: { ended } });
      return ended;
    },

    twoFactorEnabled: (auth: Authenticated) => twoFactor.isEnabled(auth.user.id),

    /** Starts two-factor setup after the password is confirmed again. */
    async beginTwoFactor(auth: Authenticated, password: string, meta: RequestMeta) {
      await reauthenticate(auth, password, meta, 'two_factor.begin');
      return twoFactor.begin(
        auth.user.id,
        auth.user.email ?? auth.user.phone ?? auth.user.username ?? `#${auth.user.id}`,
      );
    },

    /** Confirms setup with a first code; gives the recovery codes once; every other session ends. */
    async confirmTwoFactor(auth: Authenticated, code: string, meta: RequestMeta): Promise<string[]> {
      const codes = await twoFactor.confirm(auth.user.id, code);
      const ended = await repository.revokeOtherSessions(
        auth.user.id,
        auth.session.id,
        new Date(clock.now()),
        'two-factor enabled',
      );
      await audit('two_factor.enable', true, meta, {
        userId: auth.user.id,
        detail: { endedSessions: ended },
      });
      return codes;
    },

    async disableTwoFactor(
      auth: Authenticated,
      password: string,
      code: string,
      meta: RequestMeta,
    ): Promise<void> {
      await reauthenticate(auth, password, meta, 'two_factor.disable');
      if (!(await twoFactor.check(auth.user.id, code))) {
        await audit('two_factor.disable', false, meta, { userId: auth.user.id });
        throw new AppError('VALIDATION_ERROR', { fields: { code: TwoFactorMessage.invalid } });
      }
      await twoFactor.disable(auth.user.id);
      const ended = await repository.revokeOtherSessions(
        auth.user.id,
        auth.session.id,
        new Date(clock.now()),
        'two-factor disabled',
      );
      await audit('two_factor.disable', true, meta, {
        userId: auth.user.id,
        detail: { endedSessions: ended },
      });
    },

    /** Old password must match; every other session ends (ADR 009). */
    async changePassword(
      auth: Authenticated,
      oldPassword: string,
      newPassword: string,
      meta: RequestMeta,
    ): Promise<void> {
      if (!(await hasher.verify(auth.user.passwordHash, oldPassword))) {
        await audit('password.change', false, meta, { userId: auth.user.id });
        throw new AppError('VALIDATION_ERROR', {
          fields: { oldPassword: AccountMessage.oldPasswordMismatch },
        });
      }
      const problem = await passwordProblem(newPassword);
      if (problem) throw new AppError('VALIDATION_ERROR', { fields: { newPassword: problem } });
      await repository.updateUser(auth.user.id, { passwordHash: await hasher.hash(newPassword) });
      const ended = await repository.revokeOtherSessions(
        auth.user.id,
        auth.session.id,
        new Date(clock.now()),
        'password changed',
      );
      await audit('password.change', true, meta, { userId: auth.user.id, detail: { endedSessions: ended } });
    },

    async updateSettings(
      auth: Authenticated,
      changes: { autoLogout?: boolean | undefined; locale?: string | undefined },
    ) {
      const user = await repository.updateUser(auth.user.id, {
        ...(changes.autoLogout !== undefined ? { autoLogout: changes.autoLogout } : {}),
        ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
      });
      return { ...auth, user };
    },

    /** Spec §4: a changed denomination keeps the previous one as the default to restore. */
    async setDenomination(auth: Authenticated, denomination: number) {
      const available = await availableDenominations();
      if (!available.includes(denomination)) {
        throw new AppError('VALIDATION_ERROR', { fields: { denomination: 'errors.invalid' } });
      }
      const user = await repository.updateUser(auth.user.id, {
        defaultDenomination: auth.user.denomination,
        denomination,
      });
      return { ...auth, user };
    },

    async restoreDenomination(auth: Authenticated) {
      const user = await repository.updateUser(auth.user.id, { denomination: auth.user.defaultDenomination });
      return { ...auth, user };
    },

    async counters(auth: Authenticated) {
      const stored = await repository.counters(auth.user.id);
      return COUNTER_NAMES.map((name) => ({ name, value: stored.get(name) ?? 0 }));
    },

    async resetCounter(auth: Authenticated, name: string) {
      await repository.resetCounter(auth.user.id, name);
      return { name, value: 0 };
    },

    /** Seconds the player was logged in since `since` (the session-time limit). */
    sessionSeconds: (userId: number, since: Date) => repository.sessionSeconds(userId, since),

    loginTime: (sessionId: number) => repository.loginTime(sessionId),

    /**
     * How players appear in public lists (winners, ratings): a display name that reveals no contact
     * (the username, or the first letters of the e-mail's name), and whether they count there at all
     * (fake and tester accounts never do).
     */
    async publicPlayers(ids: number[]): Promise<Map<number, { name: string; isPublic: boolean }>> {
      const rows = await repository.findUsersByIds(ids);
      return new Map(
        rows.map((row) => {
          const local = (row.email ?? row.phone ?? 'player').split('@')[0]!.replace(/^\+/, '');
          const name = row.username ?? `${local.slice(0, 3)}***`;
          return [row.id, { name, isPublic: countsInPublicFigures(rolesOf(row.labels)) }];
        }),
      );
    },

    /** Fake and tester players: never in winners feeds, ratings or the hall of fame (PRODUCT.md). */
    hiddenFromPublicFigures: () => repository.idsWithAnyLabel([RoleLabel.fake, RoleLabel.tester]),

    changeLabels: (userId: number, add: string[], remove: string[]) =>
      repository.changeLabels(userId, add, remove),

    /** Ends every session of the player (self-exclusion, a session-time limit reached). */
    endAllSessions: (userId: number, reason: string) =>
      repository.revokeAllSessions(userId, new Date(clock.now()), reason),

    /** The User of spec §3; fields of features not built yet hold their neutral defaults. */
    self(auth: Authenticated, wallets: UserWallet[]): User {
      const u = auth.user;
      const labels = u.labels;
      return {
        id: u.id,
        created: Math.floor(u.createdAt.getTime() / 1000),
        email: u.email,
        emailConfirmed: u.emailConfirmed,
        phone: u.phone,
        phoneConfirmed: u.phoneConfirmed,
        username: u.username,
        currency: u.currency as CurrencyCode,
        locale: u.locale,
        denomination: u.denomination,
        denominationDefaultUser: u.defaultDenomination,
        labels,
        autoLogout: u.autoLogout,
        wallets,
        level: { id: 1, name: '1', currentScore: 0, maxScore: 0, progress: 0 },
        limits: [],
        limitsSchedule: [],
        extendedProfileFilled: false,
        fortuneWheelSpinCount: 0,
        fortuneWheelAdditionSpinCount: 0,
        emailConfirmationTokenTtl: null,
        phoneConfirmationCodeTtl: null,
        hasPhoneConfirmationCode: false,
        verificationForm: { status: 'new', actions: [] },
        inVipClubUser: auth.roles.vip,
        isVerifyAcceptedUser: labels.includes(RoleLabel.verifiedBySystem),
        isVerifyOperatorAcceptedUser: labels.includes(RoleLabel.verifiedByOperator),
        isVerifyRefusedUser: labels.includes('user_document_verify_refused'),
        isExtendedProfileFilledUser: false,
        nextEmailConfirmationRequestAt: null,
        nextPhoneConfirmationRequestAt: null,
        nextCallTokenRequestAt: null,
        previousLoginAt: u.previousLoginAt ? Math.floor(u.previousLoginAt.getTime() / 1000) : null,
      };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
