import { redirect } from 'react-router';
import { tokenOf } from '../../lib/api.server.ts';

/**
 * A login-only route (spec §2.2): a guest goes to the home page with the login hash, and the page
 * they wanted travels in `returnTo` so the browser can save it and come back after login.
 */
export function requirePlayer(request: Request): void {
  if (tokenOf(request)) return;
  const url = new URL(request.url);
  throw redirect(`/?returnTo=${encodeURIComponent(url.pathname + url.search)}#authorization`);
}
