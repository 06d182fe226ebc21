import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PREFIX,
  ADMIN_ROUTES,
  CSRF_HEADER,
  OPERATOR_COOKIE,
  OPERATOR_ROLES,
  ROLE_PERMISSIONS,
  type AdminRoute,
  type OperatorRole,
} from '@kometa/contracts';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { createTestOperator, signInOperator, type OperatorSession } from '../../../test/operators.ts';
import { manualClock } from '../../platform/clock.ts';

/**
 * The operator API's permission matrix, generated from the contracts: every route of ADMIN_ROUTES ×
 * every role, a guest and a player's session. Where the role holds the route's permission the answer
 * is never 401 or 403 (it may be 400 or 404: the request names nothing real); where it does not, 403;
 * a guest and a player get 401. Requests carry no body and name an id that does not exist, so no row
 * changes anything (logout, which ends the session it is sent with, goes last).
 */
const clock = manualClock(Date.UTC(2026, 10, 25, 9, 0, 0));
const t = useTestApp({
  clock,
  env: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' },
});

type Caller = { name: OperatorRole | 'guest' | 'player'; headers: Record<string, string> };
const callers: Caller[] = [];

beforeAll(async () => {
  for (const role of OPERATOR_ROLES) {
    await createTestOperator(t.operator.operators, { email: `${role}@matrix.test`, roles: [role] });
    const session: OperatorSession = await signInOperator(t.app, clock, `${role}@matrix.test`);
    callers.push({ name: role, headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrf } });
  }
  const player = await registeredPlayer(t.app, t.platform.database.db, { email: 'player@matrix.test' });
  callers.push({
    name: 'player',
    // A player's token, in the header players use and in the operator's cookie: neither opens anything.
    headers: { 'auth-token': player.token, cookie: `${OPERATOR_COOKIE}=${player.token}`, [CSRF_HEADER]: '1' },
  });
  callers.push({ name: 'guest', headers: { [CSRF_HEADER]: '1' } });
});

type Expected = 'allowed' | 'forbidden' | 'unauthenticated' | 'signIn';

function expectedFor(route: AdminRoute, caller: Caller['name']): Expected {
  if (route.access === 'signIn') return 'signIn';
  if (caller === 'guest' || caller === 'player') return 'unauthenticated';
  if (route.access === 'signedIn') return 'allowed';
  return ROLE_PERMISSIONS[caller].includes(route.access) ? 'allowed' : 'forbidden';
}

function classOf(response: LightMyRequestResponse, expected: Expected): Expected | string {
  const status = response.statusCode;
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 429 || status >= 500) return `status ${status}`;
  return expected === 'signIn' ? 'signIn' : 'allowed';
}

const rows = Object.entries(ADMIN_ROUTES as Record<string, AdminRoute>).sort(
  ([a], [b]) => Number(a === 'logout') - Number(b === 'logout') || a.localeCompare(b),
);

describe('the operator permission matrix (generated from the contracts)', () => {
  it('has every permission used by some route and held by the administrator', () => {
    const used = new Set(rows.map(([, route]) => route.access));
    for (const permission of ROLE_PERMISSIONS.administrator)
      expect(used.has(permission), permission).toBe(true);
  });

  for (const [name, route] of rows) {
    it(`${route.method} ${ADMIN_PREFIX}${route.path} (${route.access})`, async () => {
      const actual: Record<string, string> = {};
      const wanted: Record<string, string> = {};
      const seen: string[] = [];
      for (const caller of callers) {
        const url = `${ADMIN_PREFIX}${route.path.replace(/:\w+/g, '999999')}`;
        const response = await t.app.inject({
          method: route.method,
          url: route.method === 'GET' && name === 'searchPlayers' ? `${url}?query=1` : url,
          headers: caller.headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        wanted[caller.name] = expectedFor(route, caller.name);
        actual[caller.name] = classOf(response, wanted[caller.name] as Expected);
        // A sign-in step never answers 403 to anyone, and the first step never 401.
        if (wanted[caller.name] === 'signIn' && response.statusCode === 401 && name !== 'login') {
          actual[caller.name] = 'signIn';
        }
        seen.push(`${caller.name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      expect(actual, seen.join('\n')).toEqual(wanted);
    });
  }
});
