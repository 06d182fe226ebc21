import { redirect, type LoaderFunctionArgs } from 'react-router';
import { serverApi, tokenOf } from '../lib/api.server.ts';
import { tokenCookie } from '../lib/session-cookie.ts';
import { isSecure } from '../lib/session-middleware.server.ts';

export const handle = { shell: 'full-screen' };

/** Logout (spec §2.1 /logout): the session ends at the API, the cookie goes, the home page opens. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (tokenOf(request)) {
    await (await serverApi(request, context)).post('/users/self/logout').catch(() => undefined);
  }
  throw redirect('/', { headers: { 'set-cookie': tokenCookie(null, isSecure(request)) } });
}
