/**
 * An open-loop load generator (run as its own process by `openLoad` in load.ts): pre-built signed
 * POSTs (or one GET, when no file is given) sent at a fixed rate over a fixed number of keep-alive connections, whatever the answers
 * take. Each latency is measured from the moment the request was due, not from when a connection
 * was free, so queueing is counted (no coordinated omission). Prints one JSON line.
 */
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

interface Options {
  url: string;
  file?: string;
  rate: number;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
  signatureHeader?: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(options.url)) throw new Error('loopback only');
const lines = options.file
  ? readFileSync(options.file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf('\t');
        return { signature: line.slice(0, tab), body: Buffer.from(line.slice(tab + 1)) };
      })
  : [{ signature: '', body: Buffer.alloc(0) }];
const method = options.file ? 'POST' : 'GET';
const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
const target = new URL(options.url);
const latencies: number[] = [];
let errors = 0;
let non2xx = 0;
let inFlight = 0;

function send(index: number, due: number) {
  const line = lines[index % lines.length]!;
  inFlight++;
  const done = (ok: boolean, status?: number) => {
    inFlight--;
    if (!ok) errors++;
    else if (status! < 200 || status! >= 300) non2xx++;
    latencies.push(performance.now() - due);
  };
  const call = request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      method,
      timeout: 10_000,
      headers: {
        ...options.headers,
        ...(options.signatureHeader ? { [options.signatureHeader]: line.signature } : {}),
        ...(method === 'POST' ? { 'content-length': line.body.length } : {}),
      },
    },
    (response) => {
      response.resume();
      response.on('end', () => done(true, response.statusCode));
      response.on('error', () => done(false));
    },
  );
  call.on('timeout', () => call.destroy(new Error('timeout')));
  call.on('error', () => done(false));
  call.end(method === 'POST' ? line.body : undefined);
}

const start = performance.now();
const interval = 1000 / options.rate;
const total = Math.floor(options.rate * options.seconds);
let next = 0;
await new Promise<void>((resolve) => {
  const tick = setInterval(() => {
    const now = performance.now();
    while (next < total && start + next * interval <= now) {
      send(next, start + next * interval);
      next++;
    }
    if (next >= total) {
      clearInterval(tick);
      resolve();
    }
  }, 1);
});
const sentFor = (performance.now() - start) / 1000;
const deadline = performance.now() + 15_000;
while (inFlight > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
console.log(
  `OPEN_LOOP_JSON ${JSON.stringify({
    sent: next,
    answered: latencies.length,
    rate: next / sentFor,
    p50Ms: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
    maxMs: latencies[latencies.length - 1] ?? 0,
    errors,
    non2xx,
    unanswered: inFlight,
  })}`,
);
process.exit(0);
