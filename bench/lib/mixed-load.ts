/**
 * A closed-loop load of mixed traffic: `connections` workers, each doing one action at a time (a
 * login, a deposit, a round…: one or more HTTP calls that depend on each other's answers) for a fixed
 * time, chosen at random by weight. wrk replays independent requests; a mix whose calls carry state
 * (the token a login answered, the session a launch opened) needs this instead. Every call is timed
 * and counted by its kind and status, so a run reports throughput, 5xx, 429 and latency percentiles.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  /** 0 when no answer came (connection refused or reset, or the timeout). */
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json<T>(): T;
}

export interface LoadClient {
  /** One timed call, counted under `kind`. Never throws: a call with no answer has status 0. */
  send(
    kind: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options?: {
      headers?: Record<string, string>;
      json?: unknown;
      form?: Record<string, string>;
      /** A body sent byte for byte (a signed one); its content type goes in `headers`. */
      body?: string;
    },
  ): Promise<Answer>;
}

export interface MixedAction<W> {
  name: string;
  weight: number;
  run(worker: W, client: LoadClient): Promise<void>;
}

export interface KindFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface MixedLoadReport {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Answers by HTTP status ("0": no answer). */
  statuses: Record<string, number>;
  status5xx: number;
  status429: number;
  /** 4xx other than 429. */
  other4xx: number;
  noAnswer: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  kinds: Record<string, KindFigures>;
  /** Actions completed, by name (started before the deadline, finished after it included). */
  actions: Record<string, number>;
  /** Actions that threw, by name, and the first such error: a scenario that could not go on. */
  failedActions: Record<string, number>;
  firstFailure?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function figures(latencies: number[]): KindFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
  };
}

export async function runMixedLoad<W>(options: {
  connections: number;
  seconds: number;
  /** Each worker's own state (a player, their token…), made before the clock starts. */
  worker: (index: number) => W;
  /** What a worker does first, inside the timed load (a login, say). */
  begin?: (worker: W, client: LoadClient) => Promise<void>;
  actions: MixedAction<W>[];
  /**
   * Workers join one after the other over this time (0: all at once). A ramp keeps costly first
   * actions (200 logins) from arriving as one burst that measures nothing but the burst.
   */
  rampSeconds?: number;
  timeoutMs?: number;
}): Promise<MixedLoadReport> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Keep-alive sockets, at most one per worker and origin: the load is `connections` connections.
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  const actions = new Map<string, number>();
  const failedActions = new Map<string, number>();
  let firstFailure: string | undefined;
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  const client: LoadClient = {
    send(kind, method, url, call = {}) {
      const target = new URL(url);
      if (!['127.0.0.1', 'localhost'].includes(target.hostname))
        throw new Error(`load targets loopback only: ${url}`);
      const headers: Record<string, string | number> = {};
      let body = call.body;
      if (call.json !== undefined) {
        body = JSON.stringify(call.json);
        headers['content-type'] = 'application/json';
      } else if (call.form) {
        body = new URLSearchParams(call.form).toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      Object.assign(headers, call.headers);
      if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
      const started = performance.now();
      return new Promise<Answer>((resolve) => {
        const finish = (status: number, responseHeaders: IncomingHttpHeaders, text: string) => {
          const list = latencies.get(kind) ?? [];
          list.push(performance.now() - started);
          latencies.set(kind, list);
          bump(statuses, status);
          resolve({ status, headers: responseHeaders, text, json: <T>() => JSON.parse(text) as T });
        };
        const outgoing = request(
          {
            agent,
            host: target.hostname,
            port: target.port,
            path: target.pathname + target.search,
            method,
            headers,
            timeout: timeoutMs,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              finish(response.statusCode ?? 0, response.headers, Buffer.concat(chunks).toString('utf8')),
            );
            response.on('error', () => finish(0, {}, ''));
          },
        );
        outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
        outgoing.on('error', () => finish(0, {}, ''));
        outgoing.end(body);
      });
    },
  };

  const totalWeight = options.actions.reduce((sum, action) => sum + action.weight, 0);
  const pick = () => {
    let roll = Math.random() * totalWeight;
    for (const action of options.actions) {
      roll -= action.weight;
      if (roll < 0) return action;
    }
    return options.actions[options.actions.length - 1]!;
  };
  const attempt = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
      bump(actions, name);
    } catch (error) {
      bump(failedActions, name);
      firstFailure ??= `${name}: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  const workers = Array.from({ length: options.connections }, (_, index) => options.worker(index));
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    workers.map(async (worker, index) => {
      const joinAt = started + ((options.rampSeconds ?? 0) * 1000 * index) / workers.length;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, joinAt - performance.now())));
      if (options.begin) await attempt('begin', () => options.begin!(worker, client));
      // Bounded by the deadline; each call inside an action is bounded by the timeout.
      while (performance.now() < deadline) {
        const action = pick();
        await attempt(action.name, () => action.run(worker, client));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  const all = [...latencies.values()].flat();
  const overall = figures(all);
  let status5xx = 0;
  let status429 = 0;
  let other4xx = 0;
  for (const [status, count] of statuses) {
    if (status >= 500) status5xx += count;
    else if (status === 429) status429 += count;
    else if (status >= 400) other4xx += count;
  }
  return {
    seconds,
    requests: all.length,
    requestsPerSecond: all.length / seconds,
    statuses: Object.fromEntries([...statuses].map(([status, count]) => [String(status), count])),
    status5xx,
    status429,
    other4xx,
    noAnswer: statuses.get(0) ?? 0,
    p50Ms: overall.p50Ms,
    p99Ms: overall.p99Ms,
    maxMs: overall.maxMs,
    kinds: Object.fromEntries([...latencies].map(([kind, list]) => [kind, figures(list)])),
    actions: Object.fromEntries(actions),
    failedActions: Object.fromEntries(failedActions),
    ...(firstFailure ? { firstFailure } : {}),
  };
}
