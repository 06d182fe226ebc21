import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { gameMessagesRu } from '../ui/messages.ru.ts';
import { RoundConflict } from './blackjack.service.ts';
import type { CrashEvent, CrashService } from './crash.service.ts';
import { PlayRefused } from './money.ts';
import { crashMessage, sessionQuery } from './play.contracts.ts';
import { SessionRefused, type PlaySession, type PlaySessions } from './sessions.ts';

export const CRASH_SOCKET_PATH = '/crash/ws';
const LIVE_BATCH_MS = 100;
const BROADCAST_TURN = 100;

const errorText = (code: string) => {
  const errors = gameMessagesRu.errors as Record<string, string>;
  return errors[code] ?? errors.unknown;
};

/**
 * The crash round's websocket (ADR 044, `ws`): every player connected to this game server is pushed
 * the same round — its phases, the live bets and cash-outs, the crash with its hash — serialized once
 * per event for everyone. A player places a bet and cashes out on the same socket; each answer carries
 * the `ref` it was asked with. The session is the frame's launch token, checked when the socket opens.
 */
export function attachCrashSocket(
  app: FastifyInstance,
  deps: { crash: CrashService; sessions: PlaySessions },
) {
  const server = new WebSocketServer({ noServer: true, maxPayload: 1024, perMessageDeflate: false });
  const players = new Map<WebSocket, PlaySession>();

  // Encoded once for everyone, sent as the text frame it is (not once per socket), to BROADCAST_TURN
  // sockets a turn of the event loop: a thousand sends at once would hold back the cash-outs waiting
  // to be read meanwhile. Messages go out one after another, so every player gets them in order.
  const outbox: Buffer[] = [];
  let sending = false;
  const broadcast = (text: string) => {
    outbox.push(Buffer.from(text));
    if (sending) return;
    sending = true;
    let data = outbox.shift()!;
    let sockets = [...players.keys()];
    let at = 0;
    const turn = () => {
      for (const end = Math.min(at + BROADCAST_TURN, sockets.length); at < end; at++) {
        const socket = sockets[at]!;
        if (socket.readyState === WebSocket.OPEN) socket.send(data, { binary: false });
      }
      if (at >= sockets.length) {
        if (outbox.length === 0) {
          sending = false;
          return;
        }
        data = outbox.shift()!;
        sockets = [...players.keys()];
        at = 0;
      }
      setImmediate(turn);
    };
    turn();
  };
  // Bets and cash-outs reach everyone in batches, every LIVE_BATCH_MS (a thousand cash-outs are then a
  // few dozen messages per player, not a thousand); the round's phases go out at once, after the batch.
  let batch: CrashEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.length === 0) return;
    broadcast(JSON.stringify({ type: 'live', events: batch }));
    batch = [];
  };
  const unsubscribe = deps.crash.subscribe((event: CrashEvent) => {
    if (event.type === 'bet' || event.type === 'cashout') {
      batch.push(event);
      timer ??= setTimeout(flush, LIVE_BATCH_MS);
      return;
    }
    flush();
    broadcast(JSON.stringify(event));
  });

  async function onMessage(socket: WebSocket, session: PlaySession, raw: RawData) {
    let message: unknown;
    try {
      message = JSON.parse(raw.toString());
    } catch {
      message = undefined;
    }
    const parsed = crashMessage.safeParse(message);
    const ref = (message as { ref?: unknown } | undefined)?.ref;
    const answer = (body: object) =>
      socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ ...body, ref }));
    if (!parsed.success) return answer({ type: 'error', code: 'invalid', message: errorText('invalid') });
    try {
      if (parsed.data.type === 'bet') {
        const placed = await deps.crash.bet(session, parsed.data.stake, parsed.data.target);
        answer({ type: 'placed', ...placed });
      } else {
        const { paid, ...cashed } = await deps.crash.cashOut(session);
        answer({ type: 'cashed', ...cashed });
        // Then the balance once the win is paid (null when the casino has not confirmed it yet).
        answer({ type: 'paid', roundId: cashed.roundId, balance: await paid });
      }
    } catch (error) {
      const code = error instanceof RoundConflict || error instanceof PlayRefused ? error.reason : 'unknown';
      if (code === 'unknown') console.error('crash socket error', error);
      const balance = error instanceof PlayRefused ? error.balance : undefined;
      answer({ type: 'error', code, message: errorText(code), balance });
    }
  }

  async function onUpgrade(request: IncomingMessage, stream: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://games');
    if (url.pathname !== CRASH_SOCKET_PATH) return;
    const query = sessionQuery.safeParse(Object.fromEntries(url.searchParams));
    let session: PlaySession | undefined;
    if (query.success) {
      try {
        session = await deps.sessions.resolve(query.data.token, query.data.mode);
      } catch (error) {
        if (!(error instanceof SessionRefused)) console.error('crash socket session', error);
      }
    }
    if (!session) {
      stream.end('HTTP/1.1 401 Unauthorized\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const player = session;
    server.handleUpgrade(request, stream, head, (socket) => {
      socket.on('message', (raw) => void onMessage(socket, player, raw));
      socket.on('close', () => players.delete(socket));
      socket.on('error', () => players.delete(socket));
      void deps.crash
        .snapshot(player)
        .then((snapshot) => {
          // Pushed events follow the snapshot, never come before it.
          socket.send(JSON.stringify({ type: 'state', ...snapshot }));
          if (socket.readyState === WebSocket.OPEN) players.set(socket, player);
        })
        .catch((error: unknown) => {
          console.error('crash snapshot', error);
          // A player without the round's state would watch nothing: the browser reconnects.
          socket.close(1011);
        });
    });
  }

  const listener = (request: IncomingMessage, stream: Duplex, head: Buffer) =>
    void onUpgrade(request, stream, head);
  app.server.on('upgrade', listener);
  // Before the HTTP server closes: it waits for every connection, upgraded ones too, so a socket left
  // open would hold `app.close()` for good. Every socket goes, not only the players' (one may still
  // be waiting for its snapshot).
  app.addHook('preClose', async () => {
    unsubscribe();
    clearTimeout(timer);
    app.server.off('upgrade', listener);
    for (const socket of server.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  });
}
