import { type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { confirmSignIn, loginByToken } from '../lib/session-middleware.server.ts';

export const meta: MetaFunction = () => privatePageMeta(ru.auth.telegram);

/**
 * The messenger's login link (spec §4): the operator's bot puts a one-time `tg_token` in it; a valid
 * one signs the player in, anything else asks to press /start in the bot again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const oneTime = new URL(request.url).searchParams.get('tg_token');
  const token = oneTime ? await loginByToken(request, context, oneTime) : null;
  if (token) throw confirmSignIn(token, request, '/');
  return null;
}

export default function MessengerLogin() {
  return (
    <main id="content" className="page">
      <h1>{ru.auth.telegram}</h1>
      <p role="alert">{ru.auth.pressStart}</p>
    </main>
  );
}
