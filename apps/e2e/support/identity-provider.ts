import { createServer, type IncomingMessage } from 'node:http';
import Provider from 'oidc-provider';
import { e2eConfig } from '../config.ts';

/**
 * The social login provider of the browser tests: a real OpenID Connect provider (oidc-provider, the
 * certified implementation) on a loopback port. Only its sign-in page is ours: a form where the test
 * types who signs in, as a person would at Google or Yandex. Consent is granted at once.
 */
const issuer = `http://127.0.0.1:${e2eConfig.idpPort}`;
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: e2eConfig.idpClientId,
      client_secret: e2eConfig.idpClientSecret,
      redirect_uris: [`http://localhost:${e2eConfig.sitePort}/oauth/testid`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  cookies: { keys: ['kometa-e2e-cookie-key-0123456789'] },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  pkce: { required: () => true },
  ttl: { Grant: 600, Session: 600, Interaction: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  async findAccount(_ctx, id) {
    return { accountId: id, claims: () => ({ sub: id, email: id, email_verified: true }) };
  },
});
const callback = provider.callback();

const page = (
  uid: string,
) => `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Тестовый вход</title></head>
<body><main><h1>Тестовый провайдер входа</h1>
<form method="post" action="/interaction/${uid}"><label>E-mail <input name="email" type="email" required></label>
<button type="submit">Разрешить вход</button></form></main></body></html>`;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

const server = createServer((request, response) => {
  const match = /^\/interaction\/([^/?]+)/.exec(request.url ?? '');
  if (!match) {
    callback(request, response);
    return;
  }
  void (async () => {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      if (request.method !== 'POST') {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(page(match[1]!));
        return;
      }
      const email = (await readForm(request)).get('email') ?? '';
      await provider.interactionFinished(request, response, { login: { accountId: email } });
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session!.accountId,
      clientId: e2eConfig.idpClientId,
    });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  })().catch((error: unknown) => {
    response.statusCode = 500;
    response.end(String(error));
  });
});

server.listen(e2eConfig.idpPort, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
