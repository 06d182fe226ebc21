import { Link, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { confirmSignIn, loginByToken } from '../lib/session-middleware.server.ts';

export const meta: MetaFunction = () => privatePageMeta(ru.tokenLogin.title);

/**
 * Login by token (spec §2.1 /sapi/loginByToken): a one-time token from the operator's link becomes a
 * session on this device, and the player lands on the home page; a refused token says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const oneTime = new URL(request.url).searchParams.get('token');
  const token = oneTime ? await loginByToken(request, context, oneTime) : null;
  if (!token) return { failed: true };
  throw confirmSignIn(token, request, '/');
}

export default function LoginByToken() {
  return (
    <main id="content" className="page">
      <h1>{ru.tokenLogin.title}</h1>
      <p role="alert">{ru.tokenLogin.failed}</p>
      <Link className="button button-primary" to={{ pathname: '/', hash: 'authorization' }}>
        {ru.reset.toLogin}
      </Link>
    </main>
  );
}
