import type { FastifyInstance } from 'fastify';

/**
 * Every route the app serves, from the two places that know them: the OpenAPI document (the routes a
 * client is told about) and Fastify's router (everything, including hidden pages, the docs, the
 * operational routes and the sandbox). A route missing from the OpenAPI document must still be in the
 * access matrix, so the router is the source of truth and the document only names the parameters.
 */
export interface ServedRoute {
  method: string;
  /** The path with parameters as `{name}` and a trailing wildcard as `{*}` (OpenAPI's spelling). */
  path: string;
  /** Whether the OpenAPI document lists it. */
  documented: boolean;
}

/** One spelling for comparing paths: any parameter becomes `:`, the wildcard stays `*`. */
export function routeShape(path: string): string {
  return path
    .replace(/\{\*\}$/, '*')
    .replace(/\{[^}]+\}/g, ':')
    .replace(/:[^/]+/g, ':');
}

/** `METHOD shape`, the key both inventories and the matrix are compared on. */
export const shapeKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${routeShape(path)}`;

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/;

/**
 * Reads `app.printRoutes()` (Fastify 5 has no public list of routes; the default, prefix-compressed
 * tree is the one that keeps every node: each line's key is appended to its parent's path). The
 * parser refuses any line it does not understand, and every route it yields is checked with
 * `app.hasRoute`, so a change of the tree's format fails loudly instead of hiding routes.
 */
export function routerRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`printRoutes() line not understood: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (!match[3]) continue;
    let params = 0;
    // `:slug|:id` is one parametric node shared by routes that named the parameter differently.
    const path = stack
      .join('')
      .replace(/:[^/]+/g, () => `{p${++params}}`)
      .replace(/\*$/, '{*}');
    for (const method of match[3].split(', ')) found.push({ method, path });
  }
  for (const route of found) {
    const url = route.path.replace(/\{\*\}$/, '*').replace(/\{(p\d+)\}/g, ':$1');
    if (!app.hasRoute({ method: route.method as 'GET', url })) {
      throw new Error(`printRoutes() named ${route.method} ${route.path}, which hasRoute does not know`);
    }
  }
  return found;
}

/** The operations of the OpenAPI document the app generates (GET /api/docs/json). */
export async function documentedRoutes(app: FastifyInstance): Promise<{ method: string; path: string }[]> {
  const response = await app.inject({ url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  const doc = response.json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/**
 * Both inventories merged. HEAD is left out where the same path has a GET: Fastify adds those itself
 * (exposeHeadRoutes), with the GET route's handler and hooks, so the GET row decides for both.
 */
export async function servedRoutes(app: FastifyInstance): Promise<ServedRoute[]> {
  const documented = await documentedRoutes(app);
  const byShape = new Map<string, ServedRoute>();
  for (const route of routerRoutes(app)) {
    byShape.set(shapeKey(route.method, route.path), { ...route, documented: false });
  }
  for (const route of documented) {
    const key = shapeKey(route.method, route.path);
    // A documented route the router does not serve would be a lie in the docs: keep it, so that the
    // matrix test sends it and finds out.
    byShape.set(key, { ...route, documented: true });
  }
  const routes = [...byShape.values()];
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => routeShape(r.path)));
  return routes
    .filter((r) => !(r.method === 'HEAD' && gets.has(routeShape(r.path))))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
