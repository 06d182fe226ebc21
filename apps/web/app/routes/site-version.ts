import { BUILD_ID } from '../lib/build-id.ts';

/** The build the site serves now (a resource route): the update bar compares it with its own. */
export function loader() {
  return Response.json({ build: BUILD_ID }, { headers: { 'cache-control': 'no-store' } });
}
