import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { messageOf } from '../lib/messages.ts';
import { tokenCookie } from '../lib/session-cookie.ts';
import { isSecure } from '../lib/session-middleware.server.ts';
import { FormError } from '../ui/FormError.tsx';
import { socialApi } from '../features/auth/api/social.server.ts';
import { LinkIdentity } from '../features/auth/components/LinkIdentity.tsx';
import '../features/cashier/components/cashier.css';
import '../features/profile/components/profile.css';

export const meta: MetaFunction = () => [
  { title: `${ru.auth.socialTitle} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];

const signIn = (request: Request, token: string) =>
  redirect('/', { headers: { 'set-cookie': tokenCookie(token, isSecure(request)) } });

/**
 * Where the provider sends the player back (spec §4 social login; ADR 011): the answer goes to the
 * API once. A linked identity signs in; with two-factor on, the code is asked; a new identity is
 * registered or linked; a refusal says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const answer = await socialApi(await serverApi(request, context)).complete(
    new URL(request.url).searchParams,
  );
  const result = answer.data;
  if (result && 'token' in result && result.token) throw signIn(request, result.token);
  if (result && 'lookup' in result) return { step: 'two-factor' as const, lookup: result.lookup };
  if (result && 'oauthToken' in result)
    return { step: 'link' as const, oauthToken: result.oauthToken, email: result.email };
  return { step: 'failed' as const, error: messageOf(answer.error) };
}

// The provider's answer is good once: the page never asks the API again by itself.
export const shouldRevalidate = () => false;

/** The two-factor code for a linked player with TOTP on. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const answer = await socialApi(await serverApi(request, context)).secondFactor(
    String(form.get('lookup') ?? ''),
    String(form.get('twoFactorCode') ?? '').trim(),
  );
  if (answer.data?.token) throw signIn(request, answer.data.token);
  return data({ error: messageOf(answer.error) }, { status: answer.status });
}

export default function OAuthCallback() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const provider = useParams().provider ?? '';
  const network = ru.auth.providers[provider] ?? provider;
  return (
    <main id="content" className="page">
      <h1>{ru.auth.socialTitle}</h1>
      {loaded.step === 'two-factor' && (
        <Form method="post" className="form cashier-form">
          <input type="hidden" name="lookup" value={loaded.lookup} />
          <label className="field">
            {ru.auth.twoFactorCode}
            <input name="twoFactorCode" autoComplete="one-time-code" inputMode="numeric" required />
          </label>
          <FormError message={result?.error} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {ru.auth.submitLogin}
          </button>
        </Form>
      )}
      {loaded.step === 'link' && (
        <LinkIdentity link={{ oauthToken: loaded.oauthToken }} network={network} email={loaded.email} />
      )}
      {loaded.step === 'failed' && (
        <>
          <p role="alert">{loaded.error}</p>
          <Link className="button button-primary" to={{ pathname: '/', hash: 'authorization' }}>
            {ru.reset.toLogin}
          </Link>
        </>
      )}
    </main>
  );
}
