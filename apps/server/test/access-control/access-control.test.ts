import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import {
  ACCESS_MATRIX,
  expectedOutcomes,
  outcomeOf,
  type IdentityName,
  type MatrixRequest,
} from './access-matrix.ts';
import { buildWorld, MATRIX_ENV, type MatrixWorld } from './identities.ts';
import { servedRoutes, shapeKey, type ServedRoute } from './route-inventory.ts';

/**
 * The access-control matrix (README.md beside this file): one app, its routes enumerated from the
 * OpenAPI document and Fastify's router, seven identities, and for each row of access-matrix.ts one
 * request per identity whose class of status must be the table's.
 */
let t: TestApp;
let world: MatrixWorld;
let served: ServedRoute[];

beforeAll(async () => {
  t = await startTestApp({ env: MATRIX_ENV });
  served = await servedRoutes(t.app);
  world = await buildWorld(t.app, t.platform.database.db);
});
afterAll(async () => {
  await t?.close();
});

const splitKey = (key: string): [string, string] => {
  const at = key.indexOf(' ');
  return [key.slice(0, at), key.slice(at + 1)];
};

function urlOf(path: string, request: MatrixRequest): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${path}: the row's request gives no value for {${name}}`);
    return name === '*' ? String(value) : encodeURIComponent(String(value));
  });
  return request.query ? `${filled}?${new URLSearchParams(request.query).toString()}` : filled;
}

function send(
  method: string,
  path: string,
  request: MatrixRequest,
  caller: { token: string | undefined; address: string },
): Promise<LightMyRequestResponse> {
  const { token } = caller;
  const headers: Record<string, string> = { ...request.headers };
  if (token !== undefined) headers['auth-token'] = token;
  let payload: string | Buffer | undefined;
  if (request.raw) {
    payload = request.raw.payload;
    headers['content-type'] = request.raw.contentType;
  } else if (request.json !== undefined) {
    payload = JSON.stringify(request.json);
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({
    method: method as 'GET',
    url: urlOf(path, request),
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: request.remoteAddress ?? caller.address,
  });
}

/** Rows in the order they are sent: those that change an account for good come last. */
const rows = Object.entries(ACCESS_MATRIX).sort(
  ([a, rowA], [b, rowB]) => Number(rowA.last ?? false) - Number(rowB.last ?? false) || a.localeCompare(b),
);

/** What every identity but A was answered, for the check that none of it is A's. */
const answeredToOthers: { route: string; identity: IdentityName; body: string }[] = [];

describe('the access-control matrix covers every route', () => {
  it('has a row for every route the app serves (OpenAPI document and router)', () => {
    const rowShapes = new Set(Object.keys(ACCESS_MATRIX).map((key) => shapeKey(...splitKey(key))));
    // The operator API (/api/admin) has its own matrix, generated from the contracts' route table
    // (apps/server/src/modules/operators/operators.permissions.test.ts): every route × every role.
    const missing = served
      .filter((route) => !route.path.startsWith('/api/admin/'))
      .filter((route) => !rowShapes.has(shapeKey(route.method, route.path)))
      .map(
        (route) => `${route.method} ${route.path}${route.documented ? '' : ' (not in the OpenAPI document)'}`,
      );
    expect(missing, 'routes with no row in access-matrix.ts: decide who may call them').toEqual([]);
    // The inventory itself must have found the app's routes, or the check above proves nothing.
    expect(served.filter((route) => route.documented).length).toBeGreaterThan(90);
    expect(served.filter((route) => !route.documented).length).toBeGreaterThan(10);
  });

  it('has no row for a route the app does not serve', () => {
    const servedShapes = new Set(served.map((route) => shapeKey(route.method, route.path)));
    const stale = Object.keys(ACCESS_MATRIX).filter((key) => !servedShapes.has(shapeKey(...splitKey(key))));
    expect(stale, 'rows of access-matrix.ts naming no route: remove or rename them').toEqual([]);
  });

  it('keeps one row per route, and a control request wherever a credential decides', () => {
    const shapes = Object.keys(ACCESS_MATRIX).map((key) => shapeKey(...splitKey(key)));
    expect(shapes.filter((shape, i) => shapes.indexOf(shape) !== i)).toEqual([]);
    const uncontrolled = Object.entries(ACCESS_MATRIX)
      .filter(([, row]) => (row.access === 'signed' || row.access === 'loopback') && !row.control)
      .map(([key]) => key);
    expect(uncontrolled).toEqual([]);
  });
});

// Before the matrix: its last row puts every player on a time-out, which ends their sessions.
describe("player A's objects stay A's", () => {
  it("other players' lists hold none of A's payments, documents, favourites, rounds, sessions or gifts", async () => {
    const a = world.identities.find((identity) => identity.name === 'playerA')!;
    const get = async (token: string | undefined, url: string) => {
      const response = await t.app.inject({
        url: `/api/v18${url}`,
        headers: token ? { 'auth-token': token } : {},
      });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      return response.json().data;
    };
    const view = async (token: string | undefined) => ({
      payments: ((await get(token, '/payments?limit=100')).items as { id: number }[]).map((p) => p.id),
      documents: ((await get(token, '/verification-info')).documents as { id: number }[]).map((d) => d.id),
      favourites: (await get(token, '/favorite-games')).game_ids as number[],
      rounds: ((await get(token, '/games/history')).items as { round: string }[]).map((r) => r.round),
      sessions: ((await get(token, '/users/self/sessions')) as { id: number }[]).map((s) => s.id),
      gifts: ((await get(token, '/gifts/self')) as { id: number }[]).map((g) => g.id),
    });
    const ofA = await view(a.token);
    // A's own view has the objects, so their absence below means something.
    expect(ofA.payments).toEqual(
      expect.arrayContaining([world.fixtures.paymentOfA, world.fixtures.depositOfA]),
    );
    expect(ofA.favourites).toContain(world.fixtures.favouriteOfA);
    expect(ofA.rounds.length).toBeGreaterThan(0);
    expect(ofA.documents.length).toBeGreaterThan(0);
    expect(ofA.gifts).toContain(world.fixtures.giftOfA);
    const othersPlayers = world.identities.filter((i) => i.userId !== undefined && i.name !== 'playerA');
    for (const other of othersPlayers) {
      const seen = await view(other.token);
      const ofAmong = <T>(mine: T[], theirs: T[]) => theirs.filter((item) => mine.includes(item));
      expect(
        {
          payments: ofAmong(ofA.payments, seen.payments),
          documents: ofAmong(ofA.documents, seen.documents),
          favourites: ofAmong(ofA.favourites, seen.favourites),
          rounds: ofAmong(ofA.rounds, seen.rounds),
          sessions: ofAmong(ofA.sessions, seen.sessions),
          gifts: ofAmong(ofA.gifts, seen.gifts),
        },
        `what ${other.name} sees of A's`,
      ).toEqual({ payments: [], documents: [], favourites: [], rounds: [], sessions: [], gifts: [] });
      // The matrix names A's withdrawal by id; A's deposit is no more reachable.
      const deposit = await t.app.inject({
        url: `/api/v18/payments/${world.fixtures.depositOfA}`,
        headers: { 'auth-token': other.token! },
      });
      expect(deposit.statusCode, `${other.name}: ${deposit.body}`).toBe(404);
    }
  });

  it('the session a self-exclusion ended stays ended', async () => {
    const response = await t.app.inject({
      url: '/api/v18/users/self',
      headers: { 'auth-token': world.endedToken },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('who may call each route', () => {
  for (const [key, row] of rows) {
    it(key, async () => {
      const [method, path] = splitKey(key);
      const actual: Record<string, string> = {};
      const seen: string[] = [];
      for (const identity of world.identities) {
        const token = row.spendsSession ? await identity.spareToken() : identity.token;
        const request = row.request?.(world.fixtures, identity.name) ?? {};
        const response = await send(method, path, request, { token, address: identity.address });
        actual[identity.name] = outcomeOf(response.statusCode);
        seen.push(`${identity.name}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        if (identity.name !== 'playerA') {
          answeredToOthers.push({ route: key, identity: identity.name, body: response.body });
        }
      }
      expect(actual, `${key}\n${seen.join('\n')}`).toEqual(expectedOutcomes(row));
      if (row.control) {
        // The same route with the right credential: proves that the credential, not something else
        // (a wrong body, a missing route), is what refused every identity above.
        const controlled = await send(method, path, row.control.request(world.fixtures), {
          token: undefined,
          address: '127.0.0.1',
        });
        expect(outcomeOf(controlled.statusCode), `control: ${controlled.statusCode} ${controlled.body}`).toBe(
          row.control.expect,
        );
      }
    });
  }
});

describe('after the matrix', () => {
  it("no answer to anyone else carries A's e-mail, rounds or payment references", () => {
    expect(answeredToOthers.length).toBeGreaterThan(Object.keys(ACCESS_MATRIX).length);
    const leaks = answeredToOthers.flatMap(({ route, identity, body }) =>
      world.secretsOfA
        .filter((secret) => body.includes(secret))
        .map((secret) => `${route} → ${identity}: ${secret}`),
    );
    expect(leaks).toEqual([]);
  });
});
