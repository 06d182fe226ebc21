import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@kometa/db';
import { createWalletModule, systemClock } from '@kometa/server';

export interface BenchPlayer {
  token: string;
  user: string;
}

/**
 * Players as the casino's launch would leave them: funded, each with a real-money session of
 * Kometa's `dice` at the `kometa` provider (tokens in clear for the bench to sign bets with).
 */
export async function playersInGame(db: Db, count: number, prefix: string): Promise<BenchPlayer[]> {
  const { ledger } = createWalletModule({ db, clock: systemClock });
  const users = await queryRows<{ id: string }>(
    db,
    sql`insert into users (email, password_hash, birth_date, currency, rules_accepted_at, created_at)
        select ${prefix} || '-' || g || '@example.com', '!', '1990-01-01', 'RUB', now(), now()
        from generate_series(1, ${count}) g returning id`,
  );
  const players: BenchPlayer[] = [];
  for (const { id } of users) {
    const token = randomBytes(32).toString('base64url');
    players.push({ token, user: id });
    await db.execute(sql`insert into game_sessions (token_hash, user_id, provider, game_code, currency, mode, created_at, expires_at)
      values (decode(${createHash('sha256').update(token).digest('hex')}, 'hex'), ${Number(id)}, 'kometa', 'dice', 'RUB', 'real', now(), now() + interval '1 day')`);
    await ledger.post({
      key: `${prefix}:fund:${id}`,
      operation: 'deposit',
      legs: [
        { account: { player: Number(id), kind: 'real', currency: 'RUB' }, amount: 1_000_000_000 },
        { account: { house: 'payments', name: 'bench', currency: 'RUB' }, amount: -1_000_000_000 },
      ],
    });
  }
  return players;
}
