import { redirect, type RouterContextProvider } from 'react-router';
import { sessionContext } from '../../lib/api.server.ts';

/**
 * A login-only route (spec §2.2): a visitor without a live session (a guest, or a session that ended
 * on another device) goes to the home page with the login hash, and the page they wanted travels in
 * `returnTo` so the browser can save it and come back after login.
 */
export function requirePlayer(request: Request, context: Readonly<RouterContextProvider>): void {
  if (context.get(sessionContext)?.user) return;
  const url = new URL(request.url);
  throw redirect(`/?returnTo=${encodeURIComponent(url.pathname + url.search)}#authorization`);
}
