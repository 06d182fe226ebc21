import { OAuthMessage } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { randomToken, type Rng } from '../../platform/rng.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import { checkEmail, checkPhone } from './accounts.validation.ts';
import type { AuthAudit } from './auth-audit.ts';
import { createProtection, type Captcha } from './captcha.ts';
import type { LoginAttempts } from './login-attempts.ts';
import type { PasswordHasher } from './password.ts';
import { tokenHash } from './session-tokens.ts';
import type { OpenSession, RecordLogin, RequestMeta, SessionPolicy } from './sessions.service.ts';
import { TwoFactorMessage, type TwoFactor } from './two-factor.ts';

/**
 * The lookup login (spec §4): step one checks the credentials and names the account with a short-lived
 * lookup token; step two presents it with the password again (and the two-factor code when on) for a
 * session. Social and Telegram logins of a player with two-factor on finish here too, with a code.
 */
export function createSignInService(deps: {
  repository: AccountsRepository;
  hasher: PasswordHasher;
  twoFactor: TwoFactor;
  captcha: Captcha;
  attempts: LoginAttempts;
  clock: Clock;
  rng: Rng;
  appSecret: string;
  policy: SessionPolicy;
  audit: AuthAudit;
  openSession: OpenSession;
  openSessionFor: (userId: number, meta: RequestMeta, method: 'second_factor') => Promise<{ token: string }>;
  recordLogin: RecordLogin;
}) {
  const { repository, hasher, twoFactor, attempts, clock, policy, audit } = deps;
  const protection = createProtection(deps.appSecret);

  async function checkCredentials(found: UserRow | undefined, password: string): Promise<boolean> {
    return found ? hasher.verify(found.passwordHash, password) : hasher.verifyNothing(password);
  }

  return {
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
      await attempts.guard(key, meta);
      const purpose = `login:${key}`;
      const needsCaptcha = () => attempts.captchaNeeded(key, meta.ip);
      const captchaRequired = await needsCaptcha();
      if (captchaRequired && !(await deps.captcha.solve(purpose, meta.verificationToken ?? undefined))) {
        await audit('login.captcha', false, meta, { lookup: key });
        throw new AppError('CAPTCHA', { extra: { captcha: deps.captcha.issue(purpose) } });
      }
      const found =
        kind === 'email' ? await repository.findUserByEmail(key) : await repository.findUserByPhone(key);
      if (!(await checkCredentials(found, password))) {
        await attempts.countFailure(key, meta.ip);
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
      await attempts.clearFailures(key);
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
      await attempts.guard(key, meta);
      if (!(await checkCredentials(user, password)) || !user) {
        await attempts.countFailure(key, meta.ip);
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
          await attempts.countFailure(key, meta.ip);
          await audit('login', false, meta, { userId: user.id, detail: { reason: 'two-factor code' } });
          throw new AppError('VALIDATION_ERROR', { fields: { twoFactorCode: TwoFactorMessage.invalid } });
        }
      }
      if ((await repository.useLookup(hash, now)) !== user.id) {
        await audit('login', false, meta, { userId: user.id, detail: { reason: 'lookup already used' } });
        throw new AppError('BAD_CREDENTIALS');
      }
      const { token } = await deps.openSession(user, meta);
      await deps.recordLogin(user.id, now, 'password');
      await audit('login', true, meta, { userId: user.id });
      return { token };
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
      await attempts.guard(key, meta);
      if (live?.via !== 'oauth') {
        await attempts.countFailure(key, meta.ip);
        await audit('login.oauth', false, meta, { userId: null, detail: { reason: 'lookup' } });
        throw new AppError('BAD_CREDENTIALS', { message: OAuthMessage.invalidToken });
      }
      if (!(await twoFactor.check(live.userId, code))) {
        await attempts.countFailure(key, meta.ip);
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
      const session = await deps.openSessionFor(live.userId, meta, 'second_factor');
      await audit('login.oauth', true, meta, { userId: live.userId });
      return session;
    },
  };
}
