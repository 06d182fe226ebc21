import { unixSeconds, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Rng } from '../../platform/rng.ts';
import type { AccountsRepository, SessionRow, UserRow } from './accounts.repository.ts';
import type { AuthAudit } from './auth-audit.ts';
import type { ActivityLoginMethod } from '@kometa/contracts';
import type { ActivityRecorder } from '../activity/index.ts';
import { rolesOf, type Roles } from './roles.ts';
import { createSealer, newToken, tokenHash } from './session-tokens.ts';

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
  /** Where the edge placed the request (ISO alpha-2), when it says. */
  country?: string | null;
  /** The site address the player is on, when it is the operator's (links in e-mails; ADR 041). */
  siteOrigin?: string;
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  /** From the stored labels (spec §6), never from what the client says. */
  roles: Roles;
}

const LAST_SEEN_PRECISION_MS = 60_000;

interface SessionDeps {
  repository: AccountsRepository;
  clock: Clock;
  rng: Rng;
  policy: SessionPolicy;
}

/** A new session for a player whose credentials were just proven: its token is shown once. */
export function createSessionOpener({ repository, clock, rng, policy }: SessionDeps) {
  return async function openSession(
    user: UserRow,
    meta: RequestMeta,
    expiresAt?: Date,
  ): Promise<{ token: string; session: SessionRow }> {
    const now = new Date(clock.now());
    const token = newToken(rng);
    const session = await repository.insertSession({
      userId: user.id,
      tokenHash: tokenHash(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiresAt ?? new Date(now.getTime() + policy.absoluteMs),
      userAgent: meta.userAgent,
      ip: meta.ip,
      siteOrigin: meta.siteOrigin ?? null,
    });
    return { token, session };
  };
}

export type OpenSession = ReturnType<typeof createSessionOpener>;

/** A login's last-login times and its `player.logged_in` event, in one transaction (ADR 029). */
export function createLoginRecorder(deps: { repository: AccountsRepository; activity: ActivityRecorder }) {
  return (userId: number, at: Date, method: ActivityLoginMethod) =>
    deps.repository.transaction(async (tx) => {
      await deps.repository.recordLogin(userId, at, tx);
      await deps.activity.record(tx, { kind: 'player.logged_in', userId, at, payload: { method } });
    });
}

export type RecordLogin = ReturnType<typeof createLoginRecorder>;

/**
 * Sessions (ADR 009): the one behind an Auth-Token, its refresh, the player's list of them and their
 * end, by the player or by another module (self-exclusion, a session-time limit).
 */
export function createSessionsService(
  deps: SessionDeps & {
    appSecret: string;
    audit: AuthAudit;
    openSession: OpenSession;
    recordLogin: RecordLogin;
  },
) {
  const { repository, clock, policy, audit, openSession } = deps;
  const sealer = createSealer(deps.appSecret, 'session-successor');

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

  return {
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
              siteOrigin: meta.siteOrigin ?? old.siteOrigin,
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

    /** A new session for a player proven some other way (token login, single sign-on). */
    async openSessionFor(
      userId: number,
      meta: RequestMeta,
      method: ActivityLoginMethod,
    ): Promise<{ token: string }> {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('BAD_CREDENTIALS');
      const { token } = await openSession(user, meta);
      await deps.recordLogin(user.id, new Date(clock.now()), method);
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
        createdAt: unixSeconds(row.createdAt),
        lastSeenAt: unixSeconds(row.lastSeenAt),
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

    /** Ends every session of the player (self-exclusion, a session-time limit reached). */
    endAllSessions: (userId: number, reason: string) =>
      repository.revokeAllSessions(userId, new Date(clock.now()), reason),

    /** Seconds the player was logged in since `since` (the session-time limit). */
    sessionSeconds: (userId: number, since: Date) => repository.sessionSeconds(userId, since),

    loginTime: (sessionId: number) => repository.loginTime(sessionId),
  };
}
