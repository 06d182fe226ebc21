import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/platform/db/database.ts';
import { runSeedOnce } from '../src/platform/db/seed-runs.ts';
import { manualClock } from '../src/platform/clock.ts';
import { createWalletModule } from '../src/modules/wallet/index.ts';
import type { RegistryGame } from '../src/modules/seamless/index.ts';
import type { ProtectionService } from '../src/modules/protection/index.ts';

/** The demo history's own game provider: an outside studio the casino has played for a month. */
export const HISTORY_PROVIDER = 'aurora';
const GAMES: RegistryGame[] = [
  { code: 'northern-lights', name: 'Северное сияние', category: 'slots', rtpBp: 9600 },
  { code: 'gold-rush', name: 'Золотая лихорадка', category: 'slots', rtpBp: 9650 },
  { code: 'frost-roulette', name: 'Морозная рулетка', category: 'roulette', rtpBp: 9730 },
  { code: 'polar-blackjack', name: 'Полярный блэкджек', category: 'card', rtpBp: 9950 },
  { code: 'taiga-fruits', name: 'Фрукты тайги', category: 'slots', rtpBp: 9500 },
  { code: 'comet-crash', name: 'Комета: краш', category: 'crash', rtpBp: 9700 },
].map((game) => ({ ...game, provider: HISTORY_PROVIDER, verifiedOnly: false }));
/** One game pays far above its RTP this week: the dashboard's live-RTP alert has something to show. */
const HOT_GAME = 'taiga-fruits';

/** A small deterministic generator: the same history on every fresh database. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A month of casino life for the reports' demo (ADR 039): players registering, depositing, playing
 * the history provider's games, winning, cashing out and getting bonuses, posted through the ledger
 * (each movement at its own past moment) with the provider transactions and rounds that say which
 * game they were. Loaded once per database with the demo content; never in production.
 */
export async function loadDemoHistory(
  database: Database,
  deps: {
    registerGames: (rows: RegistryGame[]) => Promise<void>;
    protection: Pick<ProtectionService, 'setLimit' | 'exclude'>;
    now: number;
  },
): Promise<void> {
  const { now } = deps;
  await runSeedOnce(database, 'demo-history-v1', async () => {
    const db = database.db;
    await deps.registerGames(GAMES);
    const clock = manualClock(now);
    const { ledger } = createWalletModule({ db, clock });
    const next = random(20261126);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const day = 86_400_000;
    const players: { id: number; balance: number; since: number; email: string }[] = [];
    const playedToday: typeof players = [];
    let serial = 0;
    let rounds = 0;
    const post = (
      at: number,
      operation: 'deposit' | 'bet' | 'win' | 'bonus' | 'withdrawal_hold' | 'withdrawal_payout',
      legs: Parameters<typeof ledger.post>[0]['legs'],
      key = `demo-history:${++serial}`,
      reference = 'demo-history',
    ) => {
      clock.set(at);
      return ledger.post({ key, operation, reference, legs });
    };
    /** The sandbox provider's own books of the demo's payments: the reconciliation matches them. */
    let payments = 900_000;
    const books = async (kind: 'deposit' | 'payout', paymentId: number, amount: number, at: number) => {
      await db.execute(sql`insert into sandbox_payments
        (reference, kind, merchant_payment_id, amount, currency, status, created_at, updated_at)
        values (${`sbx_demo_${paymentId}`}, ${kind}, ${paymentId}, ${amount}, 'RUB', 'success', ${new Date(at)}, ${new Date(at)})`);
    };
    const sandbox = { house: 'payments' as const, name: 'sandbox', currency: 'RUB' as const };
    for (let d = 30; d >= 0; d--) {
      const dayStart = now - d * day;
      // New players of the day.
      const newcomers = 2 + Math.floor(next() * 4);
      for (let i = 0; i < newcomers; i++) {
        const since = dayStart - Math.floor(next() * (d === 0 ? 3_600_000 : day));
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`insert into users (email, password_hash, birth_date, currency, rules_accepted_at, created_at)
              values (${`igrok${players.length + 1}@demo.kometa.test`}, '!', '1990-01-01', 'RUB', ${new Date(since)}, ${new Date(since)})
              returning id`,
        );
        players.push({
          id: Number(row!.id),
          balance: 0,
          since,
          email: `igrok${players.length + 1}@demo.kometa.test`,
        });
      }
      const active = players.filter((p) => p.since <= dayStart);
      const today = (active.length > 0 ? active : players).filter(() => next() < 0.5).slice(0, 9);
      for (const player of today) {
        if (d === 0) playedToday.push(player);
        const at = () =>
          Math.max(player.since, dayStart - Math.floor(next() * (d === 0 ? 3_000_000 : day - 60_000)));
        const real = { player: player.id, kind: 'real' as const, currency: 'RUB' as const };
        if (player.balance < 50_000 || next() < (d === 0 ? 0.6 : 0.25)) {
          const amount = pick([50_000, 100_000, 150_000, 300_000, 500_000, 1_000_000]);
          const when = at();
          const paymentId = ++payments;
          await post(
            when,
            'deposit',
            [
              { account: real, amount },
              { account: sandbox, amount: -amount },
            ],
            `payment:${paymentId}:credit`,
            `payment:${paymentId}`,
          );
          await books('deposit', paymentId, amount, when);
          player.balance += amount;
        }
        if (player.balance > 200_000 && next() < 0.2) {
          const amount = Math.floor(player.balance / 2 / 10_000) * 10_000;
          const when = at();
          const paymentId = ++payments;
          const hold = { player: player.id, kind: 'withdrawal_hold' as const, currency: 'RUB' as const };
          await post(
            when,
            'withdrawal_hold',
            [
              { account: real, amount: -amount },
              { account: hold, amount },
            ],
            `payment:${paymentId}:hold`,
            `payment:${paymentId}`,
          );
          await post(
            when + 60_000,
            'withdrawal_payout',
            [
              { account: hold, amount: -amount },
              { account: sandbox, amount },
            ],
            `payment:${paymentId}:payout`,
            `payment:${paymentId}`,
          );
          await books('payout', paymentId, amount, when + 60_000);
          player.balance -= amount;
        }
        if (next() < 0.08) {
          const amount = pick([10_000, 25_000, 50_000]);
          await post(at(), 'bonus', [
            { account: real, amount },
            { account: { house: 'bonus_cost', name: 'gifts', currency: 'RUB' }, amount: -amount },
          ]);
          player.balance += amount;
        }
        const played = 3 + Math.floor(next() * 6);
        const game = d <= 6 && next() < 0.5 ? GAMES.find((g) => g.code === HOT_GAME)! : pick(GAMES);
        const hot = game.code === HOT_GAME && d <= 6;
        const house = { house: 'games' as const, name: HISTORY_PROVIDER, currency: 'RUB' as const };
        for (let r = 0; r < played; r++) {
          // The hot game is a small-stakes one: its week costs the casino little.
          const stake = Math.min(
            player.balance,
            hot ? pick([500, 1_000, 2_000]) : pick([2_000, 5_000, 10_000, 20_000, 50_000]),
          );
          if (stake <= 0) break;
          const when = at();
          const round = `h-${++rounds}`;
          const betId = `${round}-bet`;
          // The ledger keys name the provider transactions, as the seamless wallet's do.
          await post(
            when,
            'bet',
            [
              { account: real, amount: -stake },
              { account: house, amount: stake },
            ],
            `provider:${HISTORY_PROVIDER}:${betId}`,
          );
          player.balance -= stake;
          const roll = next();
          // Wins: three rounds in ten pay 1.5–5 times the stake (RTP about 81 %); the hot game pays
          // 2–4 times in six rounds of ten this week (about 180 %).
          const multiple = hot
            ? roll < 0.6
              ? pick([2, 3, 3, 4])
              : 0
            : roll < 0.3
              ? pick([1.5, 2, 2, 3, 5])
              : 0;
          const win = Math.round(stake * multiple);
          const rows = [
            sql`(${HISTORY_PROVIDER}, ${betId}, 'bet', ${player.id}, ${game.code}, ${round}, 'RUB', ${stake}, ${new Date(when)})`,
          ];
          if (win > 0) {
            await post(
              when + 1_000,
              'win',
              [
                { account: house, amount: -win },
                { account: real, amount: win },
              ],
              `provider:${HISTORY_PROVIDER}:${round}-win`,
            );
            player.balance += win;
            rows.push(
              sql`(${HISTORY_PROVIDER}, ${`${round}-win`}, 'win', ${player.id}, ${game.code}, ${round}, 'RUB', ${win}, ${new Date(when + 1_000)})`,
            );
          }
          await db.execute(sql`insert into provider_transactions
            (provider, transaction_id, kind, user_id, game_code, round, currency, amount, created_at)
            values ${sql.join(rows, sql`, `)}`);
          // What the bet path keeps for the responsible-gaming limits (rg_record_play, ADR 018).
          await db.execute(
            sql`select rg_record_play(${player.id}, 'RUB', ${stake}, ${win}, ${new Date(when)})`,
          );
          await db.execute(sql`insert into game_rounds
            (provider, round, user_id, game_code, currency, bet_total, win_total, opened_at, closed_at, closed_by)
            values (${HISTORY_PROVIDER}, ${round}, ${player.id}, ${game.code}, 'RUB', ${stake}, ${win},
                    ${new Date(when)}, ${new Date(when + 1_000)}, 'win')`);
        }
      }
    }
    // Players who set limits today (two already past their daily stakes), took a break, excluded
    // themselves: through player protection, as the site's calls do.
    const person = (index: number) => {
      const pool = playedToday.length > 0 ? playedToday : players;
      const player = pool[index % pool.length]!;
      return { id: player.id, currency: 'RUB', email: player.email, phone: null };
    };
    for (const [index, kind, amount] of [
      [0, 'deposit', 500_000],
      [1, 'deposit', 1_000_000],
      [2, 'loss', 300_000],
      [3, 'wager', 1_000],
      [4, 'wager', 2_000],
      [5, 'loss', 100_000],
    ] as const) {
      await deps.protection.setLimit(person(index), kind, 'day', amount);
    }
    const resting = (index: number) => {
      const player = players[index]!;
      return { id: player.id, currency: 'RUB', email: player.email, phone: null };
    };
    await deps.protection.exclude(resting(7), 'timeout_72h');
    await deps.protection.exclude(resting(11), 'exclusion_6m');
    // One payment the provider settled that never reached the ledger (its notification lost): the
    // reconciliation and the dashboard's alert show it.
    await books('deposit', payments + 1, 250_000, now - 2 * 3_600_000);
  });
}
