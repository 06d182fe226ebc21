import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person with an account at the test identity provider. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider next (what a person would type on its login page). */
  signInAs(account: ProviderAccount | 'deny'): void;
  /**
   * Follows the authorization address like a browser (keeping the provider's cookies) through login
   * and consent, and returns the query the provider sends back to the site's redirect page.
   */
  authorize(redirectUrl: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider, the certified Node implementation) on a loopback port:
 * discovery, JWKS, authorization code flow with PKCE, signed ID tokens, userinfo. Only its login page
 * is ours: it signs in whoever `signInAs` names, as a person would.
 */
export async function startOidcServer(redirectUri: string): Promise<OidcServer> {
  const accounts = new Map<string, ProviderAccount>();
  let next: ProviderAccount | 'deny' = 'deny';
  const clientId = 'kometa-test';
  const clientSecret = 'kometa-test-secret-0123456789abcdef';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['kometa-test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // Short lifetimes of the provider's own artefacts (and no notices about using the defaults).
    ttl: {
      Grant: 600,
      Session: 3600,
      Interaction: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider:', error));
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (next === 'deny') {
        await provider.interactionFinished(req, res, {
          error: 'access_denied',
          error_description: 'the person declined',
        });
        return;
      }
      if (details.prompt.name === 'login') {
        accounts.set(next.sub, next);
        await provider.interactionFinished(req, res, { login: { accountId: next.sub } });
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session?.accountId ?? next.sub,
        clientId,
      });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    async authorize(redirectUrl) {
      const jar = new Map<string, string>();
      let url = redirectUrl;
      for (let hop = 0; hop < 10; hop++) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${url} with ${response.status}`);
        const target = new URL(location, url);
        if (target.href.startsWith(redirectUri)) return Object.fromEntries(target.searchParams);
        url = target.href;
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
