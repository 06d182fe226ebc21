import { once } from 'node:events';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { attachCrashSocket, CRASH_SOCKET_PATH } from './crash.socket.ts';
import type { CrashService } from './crash.service.ts';
import type { PlaySession, PlaySessions } from './sessions.ts';

/**
 * The socket's own life, apart from the round: a session that always resolves, a round whose state
 * (`snapshot`) answers as each test says. The round itself is proven over HTTP in crash-e2e.test.ts.
 */
function serverWith(snapshot: () => Promise<object>) {
  const app = Fastify();
  const session = { player: 'demo:socket-test', mode: 'demo' } as PlaySession;
  const crash = { subscribe: () => () => undefined, snapshot } as unknown as CrashService;
  const sessions = { resolve: async () => session } as unknown as PlaySessions;
  attachCrashSocket(app, { crash, sessions });
  return app;
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function connect(app: FastifyInstance) {
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}${CRASH_SOCKET_PATH}?token=socket-test-token&mode=demo`,
  );
  const closed = once(socket, 'close') as Promise<[number, Buffer]>;
  await once(socket, 'open');
  return { socket, closed };
}

describe('the crash socket', () => {
  it('lets the game server stop while a player still waits for the round’s state', async () => {
    let asked!: () => void;
    const snapshotAsked = new Promise<void>((resolve) => (asked = resolve));
    const app = serverWith(() => {
      asked();
      return new Promise(() => undefined);
    });
    const { closed } = await connect(app);
    await snapshotAsked;
    // Before, only sockets that had their state were closed, and `close` waited for this one for good.
    const stopped = await Promise.race([
      app.close().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(resolve, 5_000, 'still open')),
    ]);
    expect(stopped).toBe('stopped');
    await closed;
  });

  it('closes a socket whose round state failed, so the browser connects again', async () => {
    const app = (open = serverWith(() => Promise.reject(new Error('the database went away'))));
    const { closed } = await connect(app);
    const [code] = await closed;
    expect(code).toBe(1011);
  });
});
