import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GiftRules } from '@kometa/contracts';
import { useTestApp } from '../../../test/harness.ts';
import { TEST_GAMES_SECRET, playerInGame, providerClient } from '../../../test/provider-client.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { auditLedger } from '../wallet/index.ts';

/**
 * Wagering against a reference model (issue 17). Any interleaving of bets, wins, rollbacks, expiry,
 * withdrawals and a cancel on a player with a wagering bonus, sent through the signed provider API
 * and the player API, leaves the ledger balanced and moves exactly the money the model below says.
 * The model is written from ADR 030's rules, not from the SQL.
 */
const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({
  clock,
  env: {
    KOMETA_GAMES_SECRET: TEST_GAMES_SECRET,
    KOMETA_GAMES_URL: 'https://games.test',
    // Every run registers a player and plays through the API: no per-minute limit on a test.
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  },
});
const provider = providerClient(() => t.app);
const db = () => t.platform.database.db;

beforeAll(async () => {
  // The turnover rule for withdrawals is another feature; here a withdrawal only meets the bonus.
  await db().execute(
    sql`update settings set value = '{"enabled": false}'::jsonb where alias = 'withdrawal_restrictions'`,
  );
});

// ---------------------------------------------------------------------------------------------
// The reference model (ADR 030)
// ---------------------------------------------------------------------------------------------

interface Terms {
  bonus: number;
  multiplier: number;
  maxBet: number | null;
  cap: number | null;
  /** The dice's contribution in percent (dice is an instant game: the "crash" type). */
  contribution: number;
  excluded: boolean;
}

interface ModelBet {
  id: string;
  amount: number;
  bonusPart: number;
  counted: number;
  open: boolean;
}

type GiftState = 'wagering' | 'completed' | 'expired' | 'cancelled' | 'forfeited';

interface Model {
  real: number;
  bonus: number;
  state: GiftState;
  wagered: number;
  required: number;
  converted: number;
  forfeited: number;
  bets: ModelBet[];
}

function startModel(terms: Terms, funds: number): Model {
  return {
    real: funds,
    bonus: terms.bonus,
    state: 'wagering',
    wagered: 0,
    required: terms.bonus * terms.multiplier,
    converted: 0,
    forfeited: 0,
    bets: [],
  };
}

/** Ends the wagering: converted up to the cap (the rest to the house), or all of it to the house. */
function finish(m: Model, terms: Terms, to: Exclude<GiftState, 'wagering'>) {
  if (to === 'completed') {
    m.converted = terms.cap === null ? m.bonus : Math.min(m.bonus, terms.cap);
    m.forfeited = m.bonus - m.converted;
    m.real += m.converted;
  } else {
    m.converted = 0;
    m.forfeited = m.bonus;
  }
  m.bonus = 0;
  m.state = to;
}

/** A bet: real money first, then bonus; refused rather than confiscated later. */
function modelBet(m: Model, terms: Terms, id: string, amount: number): 'OK' | 'NO_MONEY' | 'LIMIT' {
  if (m.state !== 'wagering') {
    if (amount > m.real) return 'NO_MONEY';
    m.real -= amount;
    m.bets.push({ id, amount, bonusPart: 0, counted: 0, open: true });
    return 'OK';
  }
  const fromReal = Math.min(amount, m.real);
  const fromBonus = amount - fromReal;
  if (fromBonus > m.bonus) return 'NO_MONEY';
  if (fromBonus > 0 && terms.maxBet !== null && amount > terms.maxBet) return 'LIMIT';
  if (fromBonus > 0 && terms.excluded) return 'LIMIT';
  m.real -= fromReal;
  m.bonus -= fromBonus;
  const counted = Math.floor((amount * terms.contribution) / 100);
  m.wagered += counted;
  m.bets.push({ id, amount, bonusPart: fromBonus, counted, open: true });
  if (m.wagered >= m.required) finish(m, terms, 'completed');
  return 'OK';
}

/** A win goes back in the bet's proportions; the bonus part follows where the gift's money went. */
function modelWin(m: Model, terms: Terms, bet: ModelBet, win: number) {
  bet.open = false;
  const bonusPart = bet.bonusPart > 0 ? Math.floor((win * bet.bonusPart) / bet.amount) : 0;
  if (m.state === 'wagering') {
    m.bonus += bonusPart;
    m.real += win - bonusPart;
  } else if (m.state === 'completed') {
    // Real money within what the conversion cap left; the rest to the house (ADR 030, 040).
    const paid = terms.cap === null ? bonusPart : Math.min(bonusPart, Math.max(0, terms.cap - m.converted));
    m.real += win - bonusPart + paid;
    m.converted += paid;
    m.forfeited += bonusPart - paid;
  } else {
    m.real += win - bonusPart; // the bonus part to the house
  }
}

/** A rollback gives the stake back where each part came from, and takes back what it counted. */
function modelRollback(m: Model, bet: ModelBet) {
  bet.open = false;
  m.real += bet.amount - bet.bonusPart;
  if (m.state === 'wagering') {
    m.bonus += bet.bonusPart;
    m.wagered = Math.max(0, m.wagered - bet.counted);
  }
}

/** A withdrawal: refused without agreement while there is a bonus to lose; else forfeits it. */
function modelWithdraw(m: Model, terms: Terms, amount: number, agreed: boolean): boolean {
  if (amount > m.real) return false;
  if (m.state === 'wagering' && !agreed && m.bonus > 0) return false;
  if (m.state === 'wagering') finish(m, terms, 'forfeited');
  m.real -= amount;
  return true;
}

// ---------------------------------------------------------------------------------------------
// The commands
// ---------------------------------------------------------------------------------------------

type Command =
  | { kind: 'bet'; amount: number }
  | { kind: 'win'; pick: number; times: number }
  | { kind: 'rollback'; pick: number }
  | { kind: 'withdraw'; amount: number; agreed: boolean }
  | { kind: 'expire' }
  | { kind: 'cancel' };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 14,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      amount: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 500, max: 7_000 })),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('win' as const),
      pick: fc.nat(),
      // Win in per cent of the stake: nothing, less, or up to five times it.
      times: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rollback' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      amount: fc.integer({ min: 10_000, max: 14_000 }),
      agreed: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
);

const terms: fc.Arbitrary<Terms> = fc.record({
  bonus: fc.constantFrom(2_000, 5_000, 10_000),
  multiplier: fc.integer({ min: 1, max: 3 }),
  maxBet: fc.constantFrom(null, null, 1_500, 4_000),
  cap: fc.option(fc.constantFrom(1_000, 6_000), { nil: null }),
  contribution: fc.constantFrom(0, 50, 100, 100),
  excluded: fc.constantFrom(false, false, false, true),
});

let serial = 0;

async function giveBonus(userId: number, authToken: string, terms: Terms): Promise<number> {
  const rules: GiftRules = {
    amount: terms.bonus,
    percent: null,
    minDeposit: null,
    wagerMultiplier: terms.multiplier,
    maxBet: terms.maxBet,
    conversionCap: terms.cap,
    wagerDays: 7,
    contributions: { crash: terms.contribution },
    excludedGames: terms.excluded ? ['kometa:dice'] : [],
    freeSpins: null,
    cashbackPercent: null,
    points: null,
  };
  const offerId = await t.operator.gifts.createOffer({
    kind: 'bonus_money',
    title: 'Модель',
    description: '',
    terms: 'Условия',
    image: null,
    currency: 'RUB',
    rules,
    welcomeStep: null,
    choose: null,
    takeDays: null,
    startsAt: null,
    endsAt: null,
  });
  const given = await t.operator.gifts.give(userId, (await t.operator.gifts.offer(offerId))!, {
    source: 'test',
  });
  const taken = await t.app.inject({
    method: 'POST',
    url: `/api/v18/gifts/self/${given.id}`,
    headers: { 'auth-token': authToken },
  });
  expect(taken.json().data.state).toBe('wagering');
  return given.id;
}

/** What the database holds for the player and the gift, in the model's words. */
async function observed(userId: number, giftId: number) {
  const [row] = await queryRows<{
    real: string;
    bonus: string;
    state: GiftState;
    wagered: string;
    converted: string;
    forfeited: string;
  }>(
    db(),
    sql`select coalesce((select balance from ledger_accounts where code = ${`player:${userId}:real`} and currency = 'RUB'), 0) as real,
               coalesce((select balance from ledger_accounts where code = ${`player:${userId}:bonus`} and currency = 'RUB'), 0) as bonus,
               g.state, g.current_wager as wagered, g.converted, g.forfeited
        from user_gifts g where g.id = ${giftId}`,
  );
  return {
    real: Number(row!.real),
    bonus: Number(row!.bonus),
    state: row!.state,
    wagered: Number(row!.wagered),
    converted: Number(row!.converted),
    forfeited: Number(row!.forfeited),
  };
}

const modelView = (m: Model) => ({
  real: m.real,
  bonus: m.bonus,
  state: m.state,
  wagered: m.wagered,
  converted: m.converted,
  forfeited: m.forfeited,
});

async function play(terms: Terms, funds: number, commands: Command[]) {
  const n = ++serial;
  const p = await playerInGame(t.app, db(), clock, { email: `model${n}@example.com`, funds });
  await db().execute(sql`update users set email_confirmed = true where id = ${p.userId}`);
  const giftId = await giveBonus(p.userId, p.authToken, terms);
  const m = startModel(terms, funds);
  const player = (method: 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v18${url}`,
      headers: { 'auth-token': p.authToken },
      ...(payload ? { payload } : {}),
    });
  const call = (path: string, body: object) =>
    provider.call(path, {
      request_uuid: provider.uuid(),
      token: p.session,
      user: p.user,
      game_code: p.game,
      ...(path.endsWith('rollback') ? {} : { currency: 'RUB' }),
      ...body,
    });
  const log: string[] = [];
  let tx = 0;

  for (const c of commands) {
    log.push(JSON.stringify(c));
    if (c.kind === 'bet') {
      const id = `m${n}-${++tx}`;
      const expected = modelBet(m, terms, id, c.amount);
      const answer = await call('/transaction/bet', {
        transaction_uuid: id,
        round: `r-${id}`,
        round_closed: false,
        amount: c.amount,
      });
      const status = { OK: 'RS_OK', NO_MONEY: 'RS_ERROR_NOT_ENOUGH_MONEY', LIMIT: 'RS_ERROR_LIMIT_REACHED' }[
        expected
      ];
      expect(answer.body.status, log.join('\n')).toBe(status);
      if (expected === 'OK') expect(answer.body.balance, log.join('\n')).toBe(m.real + m.bonus);
    } else if (c.kind === 'win' || c.kind === 'rollback') {
      const open = m.bets.filter((b) => b.open);
      if (open.length === 0) continue;
      const bet = open[c.pick % open.length]!;
      if (c.kind === 'win') {
        const win = Math.floor((bet.amount * c.times) / 100);
        modelWin(m, terms, bet, win);
        const answer = await call('/transaction/win', {
          transaction_uuid: `${bet.id}-win`,
          reference_transaction_uuid: bet.id,
          round: `r-${bet.id}`,
          round_closed: true,
          amount: win,
        });
        expect(answer.body, log.join('\n')).toMatchObject({
          status: 'RS_OK',
          balance: m.real + m.bonus,
        });
      } else {
        modelRollback(m, bet);
        const answer = await call('/transaction/rollback', {
          transaction_uuid: `${bet.id}-rb`,
          reference_transaction_uuid: bet.id,
          round: `r-${bet.id}`,
          round_closed: true,
        });
        expect(answer.body, log.join('\n')).toMatchObject({ status: 'RS_OK', balance: m.real + m.bonus });
      }
    } else if (c.kind === 'withdraw') {
      const expected = modelWithdraw(m, terms, c.amount, c.agreed);
      const answer = await player('POST', '/payments/withdrawals', {
        system: 'sandbox-purse-out',
        amount: c.amount,
        requisites: { purse: 'P7654321' },
        ...(c.agreed ? { forfeitBonus: true } : {}),
      });
      expect(answer.statusCode === 200, `${log.join('\n')}\n${answer.body}`).toBe(expected);
    } else if (c.kind === 'expire') {
      // The gift's deadline passes; the durable job's sweep ends it.
      await db().execute(
        sql`update user_gifts set expires_at = ${new Date(clock.now() - 1_000)} where id = ${giftId} and state = 'wagering'`,
      );
      const wagering = m.state === 'wagering';
      if (wagering) finish(m, terms, 'expired');
      expect(await t.operator.gifts.expireDue(), log.join('\n')).toBe(wagering ? 1 : 0);
    } else {
      const wagering = m.state === 'wagering';
      if (wagering) finish(m, terms, 'cancelled');
      const answer = await player('POST', `/gifts/self/${giftId}/cancel`);
      expect(answer.statusCode, `${log.join('\n')}\n${answer.body}`).toBe(wagering ? 200 : 409);
    }
    expect(await observed(p.userId, giftId), log.join('\n')).toEqual(modelView(m));
  }
  expect(await auditLedger(db()), log.join('\n')).toEqual([]);
}

describe('wagering against its reference model', () => {
  it('any interleaving keeps the ledger balanced and converts or forfeits exactly what the rules say', async () => {
    await fc.assert(
      fc.asyncProperty(
        terms,
        // Real money: none (every stake is bonus money), some, or enough to withdraw.
        fc.constantFrom(0, 0, 1_500, 6_000, 12_000, 20_000),
        fc.array(command, { minLength: 6, maxLength: 20 }),
        play,
      ),
      { numRuns: 60 },
    );
  }, 600_000);

  it('a hand-picked path: real money, then bonus, a win split, conversion capped', async () => {
    await play(
      { bonus: 5_000, multiplier: 2, maxBet: 4_000, cap: 6_000, contribution: 100, excluded: false },
      1_500,
      [
        { kind: 'bet', amount: 3_000 }, // 1 500 real, 1 500 bonus
        { kind: 'win', pick: 0, times: 200 }, // 6 000: 3 000 real, 3 000 bonus
        { kind: 'bet', amount: 5_000 }, // above the maximum bet with bonus money: refused
        { kind: 'bet', amount: 4_000 },
        { kind: 'bet', amount: 3_000 }, // wagered 10 000: converted (cap 6 000)
        { kind: 'rollback', pick: 0 },
      ],
    );
  }, 60_000);

  it('a win after the conversion is real money only within what the cap left (ADR 030, 040)', async () => {
    await play(
      { bonus: 5_000, multiplier: 1, maxBet: null, cap: 3_000, contribution: 100, excluded: false },
      0,
      [
        { kind: 'bet', amount: 1_000 }, // bet A, bonus money, its round open
        { kind: 'bet', amount: 2_000 },
        { kind: 'win', pick: 1, times: 300 }, // 6 000 back to the bonus balance: 8 000
        { kind: 'bet', amount: 2_000 }, // wagered 5 000: 6 000 converted to 3 000 (the cap)
        { kind: 'win', pick: 0, times: 200 }, // bet A wins 2 000 of bonus part: the cap is used, the house
      ],
    );
    await play(
      { bonus: 5_000, multiplier: 1, maxBet: null, cap: 6_000, contribution: 100, excluded: false },
      0,
      [
        { kind: 'bet', amount: 4_000 },
        { kind: 'bet', amount: 1_000 }, // wagered 5 000: nothing left to convert
        { kind: 'win', pick: 0, times: 300 }, // 12 000 of bonus part: 6 000 real, 6 000 to the house
      ],
    );
  }, 60_000);

  it('a rolled-back real-money bet takes back what it counted, and the game sees the bonus too', async () => {
    await play(
      { bonus: 5_000, multiplier: 1, maxBet: null, cap: null, contribution: 100, excluded: false },
      20_000,
      [
        { kind: 'bet', amount: 4_000 }, // all real money, counted 4 000
        { kind: 'rollback', pick: 0 }, // counted 0 again; answers 25 000, not 20 000
        { kind: 'bet', amount: 4_000 },
        { kind: 'bet', amount: 1_000 }, // wagered 5 000: converted only now
      ],
    );
  }, 60_000);
});
