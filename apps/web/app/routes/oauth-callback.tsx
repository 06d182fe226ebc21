import {
  Link,
  useActionData,
  useLoaderData,
  useParams,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { messageOf } from '../lib/messages.ts';
import { secondFactorAction, signInWith, socialApi } from '../features/auth/api/social.server.ts';
import { LinkIdentity } from '../features/auth/components/LinkIdentity.tsx';
import { SecondFactorForm } from '../features/auth/components/SecondFactorForm.tsx';

export const meta: MetaFunction = () => privatePageMeta(ru.auth.socialTitle);

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
  if (result && 'token' in result && result.token) throw signInWith(request, result.token);
  if (result && 'lookup' in result) return { step: 'two-factor' as const, lookup: result.lookup };
  if (result && 'oauthToken' in result)
    return { step: 'link' as const, oauthToken: result.oauthToken, email: result.email };
  return { step: 'failed' as const, error: messageOf(answer.error) };
}

// The provider's answer is good once: the page never asks the API again by itself.
export const shouldRevalidate = () => false;

/** The two-factor code for a linked player with TOTP on. */
export const action = secondFactorAction;

export default function OAuthCallback() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const provider = useParams().provider ?? '';
  const network = ru.auth.providers[provider] ?? provider;
  return (
    <main id="content" className="page">
      <h1>{ru.auth.socialTitle}</h1>
      {loaded.step === 'two-factor' && <SecondFactorForm lookup={loaded.lookup} error={result?.error} />}
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
