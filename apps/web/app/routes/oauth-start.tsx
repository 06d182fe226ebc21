import { redirect, redirectDocument, type ActionFunctionArgs } from 'react-router';
import { serverApi } from '../lib/api.server.ts';
import { socialApi } from '../features/auth/api/social.server.ts';

/** Step one of social login: the API seals the state and names the provider's page to go to. */
export async function action({ request, context }: ActionFunctionArgs) {
  const provider = String((await request.formData()).get('provider') ?? '');
  const answer = await socialApi(await serverApi(request, context)).begin(provider);
  if (answer.data && 'redirect_url' in answer.data) throw redirectDocument(answer.data.redirect_url);
  throw redirect('/#authorization');
}

export function loader() {
  throw redirect('/#authorization');
}
