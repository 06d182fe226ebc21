import {
  Form,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { User } from '@kometa/contracts';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { currentPlayer, serverApi } from '../lib/api.server.ts';
import { readCookie } from '../lib/session-cookie.ts';
import { PENDING_COOKIE, clearPendingSignIn, sessionCookie } from '../lib/session-middleware.server.ts';
import { toSitePath } from '../lib/site-path.ts';

export const meta: MetaFunction = () => privatePageMeta(ru.tokenLogin.confirmTitle);

/** An account as the confirmation names it: enough to recognise, never the whole contact. */
function accountLabel(user: Pick<User, 'id' | 'username' | 'email' | 'phone'>): string {
  if (user.username) return user.username;
  if (user.email) {
    const [name = '', domain = ''] = user.email.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  if (user.phone) return `***${user.phone.slice(-4)}`;
  return `№ ${user.id}`;
}

async function pendingPlayer(request: Request, context: LoaderFunctionArgs['context']) {
  const pending = readCookie(request.headers.get('cookie'), PENDING_COOKIE);
  if (!pending) return null;
  const api = await serverApi(request, context);
  const answer = await api.request<User>('GET', '/users/self', { headers: { 'auth-token': pending } });
  return answer.status === 200 && answer.data ? { token: pending, user: answer.data } : null;
}

const nextOf = (request: Request) => toSitePath(new URL(request.url).searchParams.get('next') ?? '/');

/**
 * A sign-in that came in a link waits here for the visitor's yes (ADR 026): the page names the account
 * the link opens (and the one this device would leave). The same account as the one signed in is
 * taken at once; a link that has gone stale opens the page it was for.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pending = await pendingPlayer(request, context);
  if (!pending) throw redirect(nextOf(request), { headers: { 'set-cookie': clearPendingSignIn(request) } });
  const current = currentPlayer(context);
  if (current?.id === pending.user.id) {
    const headers = new Headers({ 'set-cookie': clearPendingSignIn(request) });
    headers.append('set-cookie', sessionCookie(pending.token, request));
    throw redirect(nextOf(request), { headers });
  }
  return {
    account: accountLabel(pending.user),
    leaving: current ? accountLabel(current) : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const pending = await pendingPlayer(request, context);
  const headers = new Headers({ 'set-cookie': clearPendingSignIn(request) });
  if (pending && form.get('intent') === 'confirm') {
    headers.append('set-cookie', sessionCookie(pending.token, request));
  } else if (pending) {
    // Declined: the session the link opened ends at once.
    const api = await serverApi(request, context);
    await api.request('POST', '/users/self/logout', { body: {}, headers: { 'auth-token': pending.token } });
  }
  throw redirect(nextOf(request), { headers });
}

export default function LoginConfirm() {
  const { account, leaving } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="error-page">
      <h1>{ru.tokenLogin.confirmTitle}</h1>
      <p>{ru.tokenLogin.confirmAs(account)}</p>
      {leaving && <p>{ru.tokenLogin.confirmSwitch(leaving)}</p>}
      <p>{ru.tokenLogin.confirmWarning}</p>
      <Form method="post" reloadDocument className="button-row">
        <button type="submit" name="intent" value="confirm" className="button button-primary">
          {ru.tokenLogin.confirm}
        </button>
        <button type="submit" name="intent" value="cancel" className="button button-ghost">
          {ru.tokenLogin.cancel}
        </button>
      </Form>
    </main>
  );
}
