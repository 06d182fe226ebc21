import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { systemClock } from '../src/platform/clock.ts';
import type { Db } from '../src/platform/db/database.ts';
import { playerInGame, providerClient } from './provider-client.ts';

/** Rounds played through the signed provider API, as Kometa's game server would send them. */
export function providerRounds(app: () => FastifyInstance, db: () => Db) {
  const provider = providerClient(app);

  /** A round of `stake` lost at `game`, closed at once. */
  async function lostRound(p: { session: string; user: string }, game: string, stake = 100) {
    const id = provider.uuid(game);
    const placed = await provider.call('/transaction/bet', {
      request_uuid: id,
      transaction_uuid: id,
      token: p.session,
      user: p.user,
      round: id,
      round_closed: true,
      game_code: game,
      currency: 'RUB',
      amount: stake,
    });
    expect(placed.body.status).toBe('RS_OK');
  }

  /** A round of `game` (dice by default) where the player stakes 100 and wins `win`. */
  async function wonRound(p: { session: string; user: string }, win: number, game = 'dice') {
    const round = provider.uuid('round');
    const bet = provider.uuid('bet');
    const common = { token: p.session, user: p.user, round, game_code: game, currency: 'RUB' };
    const placed = await provider.call('/transaction/bet', {
      ...common,
      request_uuid: bet,
      transaction_uuid: bet,
      round_closed: false,
      amount: 100,
    });
    expect(placed.body.status).toBe('RS_OK');
    const id = provider.uuid('win');
    const paid = await provider.call('/transaction/win', {
      ...common,
      request_uuid: id,
      transaction_uuid: id,
      reference_transaction_uuid: bet,
      round_closed: true,
      amount: win,
    });
    expect(paid.body.status).toBe('RS_OK');
  }

  /** A new player (funded with 10,000) who stakes 100 on a game and wins `win`. */
  async function winner(email: string, win: number, game = 'dice') {
    const p = await playerInGame(app(), db(), systemClock, { email, funds: 10_000, game });
    await wonRound(p, win, game);
    return p;
  }

  return { lostRound, wonRound, winner };
}
