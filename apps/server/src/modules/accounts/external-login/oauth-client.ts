import * as oidc from 'openid-client';
import type { OAuthProviderConfig } from '../../../config.ts';
import { siteLink } from '../session-tokens.ts';

/** What a provider vouches for about the player, from its signed ID token (and userinfo). */
export interface OAuthIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** The one-time values of an authorization request, kept (sealed) in its `state`. */
export interface AuthorizationChecks {
  verifier: string;
  nonce: string;
}

export class OAuthProviderError extends Error {
  override name = 'OAuthProviderError';
}

const TIMEOUT_SECONDS = 10;

/**
 * OpenID Connect relying party for each configured provider (openid-client): discovery (cached; retried
 * after a failure), authorization code flow with PKCE S256 and a nonce, ID-token validation, userinfo
 * when the ID token carries no e-mail. The provider sends the browser back to SITE_ORIGIN/oauth/{id}.
 */
export function createOAuthClients(providers: OAuthProviderConfig[], siteOrigin: string) {
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function configuration(provider: OAuthProviderConfig): Promise<oidc.Configuration> {
    let found = discovered.get(provider.id);
    if (!found) {
      const insecure = new URL(provider.issuer).protocol === 'http:'; // loopback test issuers only (config)
      found = oidc
        .discovery(
          new URL(provider.issuer),
          provider.clientId,
          undefined,
          oidc.ClientSecretPost(provider.clientSecret),
          { timeout: TIMEOUT_SECONDS, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
        )
        .catch((error: unknown) => {
          discovered.delete(provider.id);
          throw new OAuthProviderError(`discovery of ${provider.id} failed: ${String(error)}`);
        });
      discovered.set(provider.id, found);
    }
    return found;
  }

  const redirectUri = (id: string) => siteLink(siteOrigin, `/oauth/${id}`);

  return {
    has: (id: string) => byId.has(id),

    async authorizationUrl(id: string, state: string, checks: AuthorizationChecks): Promise<string> {
      const provider = byId.get(id);
      if (!provider) throw new OAuthProviderError(`unknown provider ${id}`);
      const config = await configuration(provider);
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri(id),
          scope: provider.scope,
          response_type: 'code',
          state,
          nonce: checks.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /** Exchanges the code the provider sent back (all its callback parameters) for a validated identity. */
    async exchange(
      id: string,
      callback: Record<string, string>,
      checks: AuthorizationChecks & { state: string },
    ): Promise<OAuthIdentity> {
      const provider = byId.get(id);
      if (!provider) throw new OAuthProviderError(`unknown provider ${id}`);
      const config = await configuration(provider);
      const url = new URL(redirectUri(id));
      for (const [key, value] of Object.entries(callback)) url.searchParams.set(key, value);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: checks.verifier,
          expectedNonce: checks.nonce,
          expectedState: checks.state,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new OAuthProviderError('no ID token');
        let email = typeof claims.email === 'string' ? claims.email : null;
        let verified = claims.email_verified === true;
        if (email === null && config.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
          email = typeof info.email === 'string' ? info.email : null;
          verified = info.email_verified === true;
        }
        return { subject: claims.sub, email: email?.toLowerCase() ?? null, emailVerified: verified };
      } catch (error) {
        if (error instanceof OAuthProviderError) throw error;
        throw new OAuthProviderError(`code exchange with ${id} failed: ${String(error)}`);
      }
    },
  };
}

export type OAuthClients = ReturnType<typeof createOAuthClients>;
