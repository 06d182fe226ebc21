import { createHash } from 'node:crypto';
import { OAuthMessage } from '@kometa/contracts';
import type { Cache } from '../../../platform/cache/cache.ts';
import { unixSeconds, type Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { Logger } from '../../../platform/logger.ts';
import { randomToken, type Rng } from '../../../platform/rng.ts';
import type { AccountsRepository } from '../accounts.repository.ts';
import type { RequestMeta } from '../accounts.service.ts';
import type { AuthAudit } from '../auth-audit.ts';
import { OAuthProviderError, type OAuthClients, type OAuthIdentity } from './oauth-client.ts';
import type { OAuthRepository } from './oauth.repository.ts';
import { createSealer } from '../session-tokens.ts';

const STATE_TTL_MS = 10 * 60_000;
const LINK_TOKEN_TTL_MS = 30 * 60_000;

interface StateClaims {
  p: string; // provider
  v: string; // PKCE verifier
  n: string; // nonce
  r: string | null; // referral code the player arrived with
  e: number; // expiry (ms)
}

interface LinkClaims {
  p: string;
  s: string; // subject
  m: string | null; // e-mail
  mv: boolean; // the provider verified that e-mail
  r: string | null;
  e: number;
}

export type OAuthLookupResult =
  | { redirect_url: string }
  | { token: string }
  | {
      token: null;
      lookup: string;
      socialNetwork: string;
      twoFactor: { enabled: true; confirmed: false; ttl: number };
    }
  | {
      token: null;
      oauthToken: string;
      socialNetwork: string;
      email: string | null;
      referralCode: string | null;
    };

const fail = (message: string) => new AppError('VALIDATION_ERROR', { message });

/**
 * Social login by OpenID Connect (spec §4 "Social login", §7 POST /lookup/oauth). The PKCE verifier,
 * nonce and provider ride in a sealed, single-use, 10-minute `state`; a linked identity logs in (or
 * asks for the two-factor code); an unlinked one gets a sealed `oauthToken` that links it at
 * registration (age gate and rules included) or from a logged-in session. No account is ever linked by
 * e-mail alone (ADR 011).
 */
export function createOAuthService(deps: {
  clients: OAuthClients;
  repository: OAuthRepository;
  accounts: AccountsRepository;
  cache: Cache;
  clock: Clock;
  rng: Rng;
  appSecret: string;
  audit: AuthAudit;
  log: Logger;
  openSession: (userId: number, meta: RequestMeta) => Promise<{ token: string }>;
  twoFactorEnabled: (userId: number) => Promise<boolean>;
  issueSecondFactorLookup: (userId: number) => Promise<{ lookup: string; ttlSeconds: number }>;
}) {
  const { clock, repository } = deps;
  const stateSealer = createSealer(deps.appSecret, 'oauth-state');
  const linkSealer = createSealer(deps.appSecret, 'oauth-link');

  function openClaims<T extends { e: number }>(sealed: string, sealer: typeof stateSealer): T | undefined {
    const opened = sealer.open(sealed);
    if (opened === undefined) return undefined;
    const claims = JSON.parse(opened) as T;
    return claims.e > clock.now() ? claims : undefined;
  }

  function readLinkToken(token: string): LinkClaims | undefined {
    return openClaims<LinkClaims>(token, linkSealer);
  }

  async function identityFrom(
    callback: Record<string, string>,
    meta: RequestMeta,
  ): Promise<{ provider: string; identity: OAuthIdentity; referralCode: string | null }> {
    const state = callback.state ?? '';
    const claims = openClaims<StateClaims>(state, stateSealer);
    const stateHash = createHash('sha256').update(state).digest('hex');
    if (!claims || !(await deps.cache.setIfAbsent(`oauth:state:${stateHash}`, '1', STATE_TTL_MS))) {
      await deps.audit('login.oauth', false, meta, { detail: { reason: 'state' } });
      throw fail(OAuthMessage.invalidState);
    }
    try {
      const identity = await deps.clients.exchange(claims.p, callback, {
        verifier: claims.v,
        nonce: claims.n,
        state,
      });
      return { provider: claims.p, identity, referralCode: claims.r };
    } catch (error) {
      if (!(error instanceof OAuthProviderError)) throw error;
      deps.log.warn({ err: error, provider: claims.p }, 'social login failed at the provider');
      await deps.audit('login.oauth', false, meta, { detail: { reason: 'provider', provider: claims.p } });
      throw fail(OAuthMessage.providerFailed);
    }
  }

  return {
    /** Step one: where to send the browser. */
    async begin(provider: string, referralCode: string | null): Promise<{ redirect_url: string }> {
      if (!deps.clients.has(provider)) throw fail(OAuthMessage.unknownProvider);
      const checks = { verifier: randomToken(deps.rng, 256), nonce: randomToken(deps.rng, 128) };
      const state = stateSealer.seal(
        JSON.stringify({
          p: provider,
          v: checks.verifier,
          n: checks.nonce,
          r: referralCode,
          e: clock.now() + STATE_TTL_MS,
        } satisfies StateClaims),
      );
      try {
        return { redirect_url: await deps.clients.authorizationUrl(provider, state, checks) };
      } catch (error) {
        if (!(error instanceof OAuthProviderError)) throw error;
        deps.log.warn({ err: error, provider }, 'social login provider unreachable');
        throw fail(OAuthMessage.providerFailed);
      }
    },

    /** Step two: what the provider sent back to the site's /oauth/{provider} page. */
    async complete(
      callback: Record<string, string>,
      referralCode: string | null,
      meta: RequestMeta,
    ): Promise<OAuthLookupResult> {
      const { provider, identity, referralCode: arrivedWith } = await identityFrom(callback, meta);
      const linked = await repository.find(provider, identity.subject);
      if (!linked) {
        await deps.audit('login.oauth', false, meta, {
          detail: { reason: 'not linked', provider },
        });
        const claims: LinkClaims = {
          p: provider,
          s: identity.subject,
          m: identity.email,
          mv: identity.emailVerified,
          r: referralCode ?? arrivedWith,
          e: clock.now() + LINK_TOKEN_TTL_MS,
        };
        return {
          token: null,
          oauthToken: linkSealer.seal(JSON.stringify(claims)),
          socialNetwork: provider,
          email: identity.emailVerified ? identity.email : null,
          referralCode: claims.r,
        };
      }
      if (await deps.twoFactorEnabled(linked.userId)) {
        const { lookup, ttlSeconds } = await deps.issueSecondFactorLookup(linked.userId);
        await deps.audit('login.oauth', true, meta, {
          userId: linked.userId,
          detail: { step: 'two-factor', provider },
        });
        return {
          token: null,
          lookup,
          socialNetwork: provider,
          twoFactor: { enabled: true, confirmed: false, ttl: ttlSeconds },
        };
      }
      const session = await deps.openSession(linked.userId, meta);
      await deps.audit('login.oauth', true, meta, { userId: linked.userId, detail: { provider } });
      return session;
    },

    /** Checks an oauthToken before the account it is for exists (registration). */
    checkLinkToken(token: string): void {
      if (!readLinkToken(token))
        throw new AppError('VALIDATION_ERROR', { fields: { oauthToken: OAuthMessage.invalidToken } });
    },

    /**
     * Links the identity an oauthToken names to this player. A new account whose e-mail the provider
     * verified gets that e-mail confirmed.
     */
    async linkWithToken(userId: number, token: string, meta: RequestMeta): Promise<void> {
      const claims = readLinkToken(token);
      if (!claims)
        throw new AppError('VALIDATION_ERROR', { fields: { oauthToken: OAuthMessage.invalidToken } });
      const existing = await repository.find(claims.p, claims.s);
      if (existing?.userId === userId) return;
      const linked =
        !existing &&
        (await repository.link({
          provider: claims.p,
          subject: claims.s,
          userId,
          email: claims.m,
          linkedAt: new Date(clock.now()),
        }));
      if (!linked) {
        throw new AppError('VALIDATION_ERROR', { fields: { oauthToken: OAuthMessage.alreadyLinked } });
      }
      await deps.audit('oauth.link', true, meta, { userId, detail: { provider: claims.p } });
      const user = await deps.accounts.findUserById(userId);
      if (user && claims.mv && claims.m !== null && user.email === claims.m && !user.emailConfirmed) {
        await deps.accounts.updateUser(userId, { emailConfirmed: true });
      }
    },

    async links(userId: number) {
      const rows = await repository.ofUser(userId);
      return rows.map((row) => ({
        socialNetwork: row.provider,
        email: row.email,
        linkedAt: unixSeconds(row.linkedAt),
      }));
    },

    async unlink(userId: number, provider: string, meta: RequestMeta): Promise<void> {
      if (await repository.unlink(userId, provider)) {
        await deps.audit('oauth.unlink', true, meta, { userId, detail: { provider } });
      }
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
