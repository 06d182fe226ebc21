import { data, redirect, type ActionFunctionArgs } from 'react-router';
import type { OAuthLookupAnswer, TelegramLoginAnswer, Token } from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { serverApi } from '../../../lib/api.server.ts';
import { messageOf } from '../../../lib/messages.ts';
import { sessionCookie } from '../../../lib/session-middleware.server.ts';

/** What POST /lookup/oauth answers (ADR 011): the provider's page, a session, a 2FA step, or a new identity. */
export type SocialAnswer = OAuthLookupAnswer;

/** The provider's answer parameters the API takes back (RFC 6749 and 9207). */
const CALLBACK = ['code', 'state', 'iss', 'error', 'error_description'];

/** Social login (spec §4, §7 /lookup/oauth) and Telegram login, as the site's server makes the calls. */
export function socialApi(api: ApiClient) {
  return {
    begin: (provider: string) =>
      api.request<SocialAnswer>('POST', '/lookup/oauth', { query: { provider }, body: {} }),
    complete: (query: URLSearchParams) =>
      api.request<SocialAnswer>('POST', '/lookup/oauth', {
        query: Object.fromEntries(
          CALLBACK.flatMap((name) => (query.has(name) ? [[name, query.get(name)!]] : [])),
        ),
        body: {},
      }),
    secondFactor: (lookup: string, twoFactorCode: string) =>
      api.post<Token>('/lookup/oauth', { token: lookup, twoFactorCode }),
    telegram: (widget: Record<string, string | number>) =>
      api.post<TelegramLoginAnswer>('/login/telegram', { widget }),
  };
}

/** Signs the player in on this device with the session the API gave, and opens the home page. */
export const signInWith = (request: Request, token: string) =>
  redirect('/', { headers: { 'set-cookie': sessionCookie(token, request) } });

/**
 * The action of every page that asks a linked player's two-factor code after a social or Telegram
 * sign-in (the lookup the API gave, and the code): signed in, or the refusal in Russian.
 */
export async function secondFactorAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const answer = await socialApi(await serverApi(request, context)).secondFactor(
    String(form.get('lookup') ?? ''),
    String(form.get('twoFactorCode') ?? '').trim(),
  );
  if (answer.data?.token) throw signInWith(request, answer.data.token);
  return data({ error: messageOf(answer.error) }, { status: answer.status });
}
