import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pinning } from './processes.ts';

const run = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** wrk's done() hook prints one JSON line; everything else wrk prints is ignored. */
const REPORT_SCRIPT = `
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('WRK_JSON {"requests":%d,"seconds":%f,"p50us":%d,"p99us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99), errors, summary.errors.status))
end
`;

let scriptPath: string | undefined;

/** Sends the lines of a prepared file as POST bodies, each with its own signature header. */
const PREPARED_SCRIPT = (header: string) => `
local bodies, signatures, i = {}, {}, 0
init = function(args)
  for line in io.lines(args[1]) do
    local tab = line:find("\\t", 1, true)
    signatures[#signatures + 1] = line:sub(1, tab - 1)
    bodies[#bodies + 1] = line:sub(tab + 1)
  end
end
request = function()
  i = i + 1
  if i > #bodies then i = 1 end
  wrk.headers["${header}"] = signatures[i]
  return wrk.format("POST", nil, nil, bodies[i])
end
`;

/**
 * Loopback load for a fixed time with wrk (Debian's package): one wrk thread, written in C, so the
 * loader leaves the server a core of its own on a 2-core machine. wrk stops by itself.
 */
export async function load(
  url: string,
  options: {
    connections: number;
    durationSeconds: number;
    headers?: Record<string, string>;
    /**
     * POST pre-built requests from a file of "signature<TAB>body" lines, in order (signed calls that a
     * Lua script cannot sign itself); the signature goes in `signatureHeader`.
     */
    prepared?: { file: string; signatureHeader: string };
  },
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
    throw new Error(`load targets loopback only: ${url}`);
  if (!scriptPath) {
    scriptPath = join(mkdtempSync(join(tmpdir(), 'kometa-wrk-')), 'report.lua');
    writeFileSync(scriptPath, REPORT_SCRIPT);
  }
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  let script = scriptPath;
  if (options.prepared) {
    script = join(mkdtempSync(join(tmpdir(), 'kometa-wrk-')), 'prepared.lua');
    writeFileSync(script, PREPARED_SCRIPT(options.prepared.signatureHeader) + REPORT_SCRIPT);
  }
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.durationSeconds}s`,
    '--timeout',
    '5s',
    '-s',
    script,
    ...headerArgs,
    url,
    ...(options.prepared ? ['--', options.prepared.file] : []),
  ];
  let stdout: string;
  try {
    const pinned = pinning();
    const [command, commandArgs] = pinned
      ? ['taskset', ['-c', pinned.loader, 'wrk', ...args]]
      : ['wrk', args];
    ({ stdout } = await run(command, commandArgs, { timeout: (options.durationSeconds + 30) * 1000 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('wrk is not installed: apt-get install -y wrk', { cause: error });
    }
    throw error;
  }
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no report:\n${stdout}`);
  const report = JSON.parse(line.slice('WRK_JSON '.length)) as {
    requests: number;
    seconds: number;
    p50us: number;
    p99us: number;
    errors: number;
    non2xx: number;
  };
  return {
    requestsPerSecond: report.requests / report.seconds,
    p50Ms: report.p50us / 1000,
    p99Ms: report.p99us / 1000,
    errors: report.errors,
    non2xx: report.non2xx,
  };
}

export interface OpenLoadResult {
  sent: number;
  answered: number;
  rate: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  unanswered: number;
}

/**
 * Open-loop load (lib/open-loop.ts, pinned to the loader's core): prepared signed POSTs at a fixed
 * rate over `connections` keep-alive connections, latencies counted from when each was due. This is
 * how a latency goal is read at a given traffic; wrk's closed loop measures capacity instead.
 */
export async function openLoad(
  url: string,
  options: {
    rate: number;
    seconds: number;
    connections: number;
    headers: Record<string, string>;
    /** Signed POSTs from a file (see `load`); without it, the same GET of `url` each time. */
    prepared?: { file: string; signatureHeader: string };
  },
): Promise<OpenLoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
    throw new Error(`load targets loopback only: ${url}`);
  const args = [
    '--import',
    'tsx',
    join(import.meta.dirname, 'open-loop.ts'),
    JSON.stringify({
      url,
      ...(options.prepared
        ? { file: options.prepared.file, signatureHeader: options.prepared.signatureHeader }
        : {}),
      rate: options.rate,
      seconds: options.seconds,
      connections: options.connections,
      headers: options.headers,
    }),
  ];
  const pinned = pinning();
  const [command, commandArgs] = pinned
    ? ['taskset', ['-c', pinned.loader, process.execPath, ...args]]
    : [process.execPath, args];
  const { stdout } = await run(command, commandArgs, { timeout: (options.seconds + 60) * 1000 });
  const line = stdout.split('\n').find((l) => l.startsWith('OPEN_LOOP_JSON '));
  if (!line) throw new Error(`the open-loop generator printed no report:\n${stdout}`);
  return JSON.parse(line.slice('OPEN_LOOP_JSON '.length)) as OpenLoadResult;
}
