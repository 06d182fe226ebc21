import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** The instances behind it, in turn; set once they are up (the proxy's address is needed first). */
  upstreams: string[];
  /** Every answer that passed through, by HTTP status (502: an instance did not answer). */
  statuses: Map<number, number>;
  close(): Promise<void>;
}

/**
 * The load balancer in front of the API instances: each request goes to the next instance in turn.
 * It adds no X-Forwarded-For, so an instance sees the proxy as the client's hop (one address for all
 * traffic, as behind a balancer whose address is not trusted), whatever TRUST_PROXY means.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const upstream = proxy.upstreams[next++ % proxy.upstreams.length];
    if (!upstream) {
      count(503);
      return outgoing.writeHead(503).end();
    }
    const target = new URL(upstream);
    const forwarded = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        count(answer.statusCode ?? 0);
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      count(502);
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  // nginx's default. The game servers send a call again when a balancer closes its keep-alive
  // connection as the call goes out (ADR 014, tested in games-bet-unknown); the load's own players are
  // not browsers, which would resend too, so no connection of theirs idles that long in a run.
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: RoundRobinProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstreams: [],
    statuses,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
  return proxy;
}
