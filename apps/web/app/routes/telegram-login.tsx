import { Link, useActionData, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { messageOf } from '../lib/messages.ts';
import { secondFactorAction, signInWith, socialApi } from '../features/auth/api/social.server.ts';
import { LinkIdentity } from '../features/auth/components/LinkIdentity.tsx';
import { SecondFactorForm } from '../features/auth/components/SecondFactorForm.tsx';

export const meta: MetaFunction = () => privatePageMeta(ru.auth.telegram);

const NUMERIC = new Set(['id', 'auth_date']);
const FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'];

/**
 * Telegram's Login Widget sends the player here with its signed data (the widget's auth URL): the API
 * checks the signature with the bot's token; a linked player signs in, a new one registers or links.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const widget = Object.fromEntries(
    FIELDS.flatMap((name) => {
      const value = query.get(name);
      if (value === null) return [];
      return [[name, NUMERIC.has(name) ? Number(value) : value]];
    }),
  );
  const answer = await socialApi(await serverApi(request, context)).telegram(widget);
  const result = answer.data;
  if (result?.token) throw signInWith(request, result.token);
  if (result && 'lookup' in result) return { lookup: result.lookup, telegramToken: null, error: null };
  if (result && 'telegramToken' in result)
    return { lookup: null, telegramToken: result.telegramToken, error: null };
  return { lookup: null, telegramToken: null, error: messageOf(answer.error) };
}

export const shouldRevalidate = () => false;

/** A linked player with two-factor on gives the code (Telegram proves who, not the second factor). */
export const action = secondFactorAction;

export default function TelegramLogin() {
  const { lookup, telegramToken, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main id="content" className="page">
      <h1>{ru.auth.telegram}</h1>
      {lookup ? (
        <SecondFactorForm lookup={lookup} error={result?.error} />
      ) : telegramToken ? (
        <LinkIdentity link={{ telegramToken }} network="Telegram" email={null} />
      ) : (
        <>
          <p role="alert">{error}</p>
          <Link className="button button-primary" to={{ pathname: '/', hash: 'authorization' }}>
            {ru.reset.toLogin}
          </Link>
        </>
      )}
    </main>
  );
}
