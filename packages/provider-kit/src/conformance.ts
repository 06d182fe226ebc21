import { randomUUID } from 'node:crypto';
import { ProviderStatus, type ProviderAnswer } from '@kometa/contracts';
import type { ProviderClient } from './client.ts';

/** A launched real-money session of a test player, funded with at least `MIN_BALANCE`. */
export interface TestSession {
  token: string;
  user: string;
  game: string;
  currency: string;
}

/** Every scenario needs a fresh session with at least this balance (minor units). */
export const MIN_BALANCE = 10_000;

export interface ScenarioResult {
  name: string;
  passed: boolean;
  detail?: string;
}

class Failed extends Error {}

function expectThat(condition: boolean, detail: string): asserts condition {
  if (!condition) throw new Failed(detail);
}

interface Context {
  client: ProviderClient;
  session: TestSession;
}

function calls(ctx: Context) {
  const { client, session } = ctx;
  const common = (round: string) => ({
    request_uuid: randomUUID(),
    token: session.token,
    user: session.user,
    round,
    round_closed: false,
    game_code: session.game,
  });
  return {
    balance: async () =>
      (await client.call('/user/balance', { request_uuid: randomUUID(), token: session.token })).answer,
    bet: (id: string, amount: number, round = `round-${id}`) =>
      client.call('/transaction/bet', {
        ...common(round),
        transaction_uuid: id,
        currency: session.currency,
        amount,
      }),
    betBody: (id: string, amount: number) => ({
      ...common(`round-${id}`),
      transaction_uuid: id,
      currency: session.currency,
      amount,
    }),
    win: (id: string, betId: string, amount: number, round = `round-${betId}`) =>
      client.call('/transaction/win', {
        ...common(round),
        transaction_uuid: id,
        reference_transaction_uuid: betId,
        currency: session.currency,
        amount,
      }),
    rollback: (id: string, targetId: string, round = `round-${targetId}`) =>
      client.call('/transaction/rollback', {
        ...common(round),
        transaction_uuid: id,
        reference_transaction_uuid: targetId,
      }),
  };
}

const ok = (answer: ProviderAnswer) => answer.status === ProviderStatus.OK;
const fresh = (label: string) => `${label}-${randomUUID()}`;

/** The protocol, scenario by scenario (docs/provider-api.md lists the same). */
export const SCENARIOS: { name: string; run: (ctx: Context) => Promise<void> }[] = [
  {
    name: 'user/info and user/balance agree',
    async run(ctx) {
      const info = (
        await ctx.client.call('/user/info', { request_uuid: randomUUID(), token: ctx.session.token })
      ).answer;
      const balance = await calls(ctx).balance();
      expectThat(ok(info) && ok(balance), `statuses ${info.status} / ${balance.status}`);
      expectThat(info.balance === balance.balance, `info ${info.balance} vs balance ${balance.balance}`);
      expectThat((balance.balance ?? 0) >= MIN_BALANCE, `the test player needs at least ${MIN_BALANCE}`);
    },
  },
  {
    name: 'a bet debits exactly its amount',
    async run(ctx) {
      const c = calls(ctx);
      const before = (await c.balance()).balance ?? 0;
      const bet = (await c.bet(fresh('bet'), 123)).answer;
      expectThat(
        ok(bet) && bet.balance === before - 123,
        `${bet.status}, balance ${bet.balance} from ${before}`,
      );
    },
  },
  {
    name: 'an identical bet replay answers the original and moves nothing',
    async run(ctx) {
      const c = calls(ctx);
      const body = c.betBody(fresh('replay'), 200);
      const first = (await ctx.client.call('/transaction/bet', body)).answer;
      const again = (await ctx.client.call('/transaction/bet', { ...body, request_uuid: randomUUID() }))
        .answer;
      const after = (await c.balance()).balance;
      expectThat(ok(first) && ok(again), `${first.status} / ${again.status}`);
      expectThat(
        again.balance === first.balance && after === first.balance,
        `balances ${first.balance}, ${again.balance}, ${after}`,
      );
    },
  },
  {
    name: 'the same bet id with another amount is DUPLICATE',
    async run(ctx) {
      const c = calls(ctx);
      const id = fresh('dup');
      await c.bet(id, 100);
      const dup = (await c.bet(id, 101)).answer;
      expectThat(dup.status === ProviderStatus.DUPLICATE, dup.status);
    },
  },
  {
    name: 'a win credits its bet, and its replay moves nothing',
    async run(ctx) {
      const c = calls(ctx);
      const betId = fresh('wbet');
      const bet = (await c.bet(betId, 100)).answer;
      const winId = fresh('win');
      const win = (await c.win(winId, betId, 250)).answer;
      const again = (await c.win(winId, betId, 250)).answer;
      expectThat(ok(win) && win.balance === (bet.balance ?? 0) + 250, `${win.status}, ${win.balance}`);
      expectThat(ok(again) && again.balance === win.balance, `replay ${again.status}, ${again.balance}`);
    },
  },
  {
    name: 'a win for an unknown bet is TRANSACTION_DOES_NOT_EXIST',
    async run(ctx) {
      const win = (await calls(ctx).win(fresh('win'), fresh('nobet'), 100)).answer;
      expectThat(win.status === ProviderStatus.TRANSACTION_DOES_NOT_EXIST, win.status);
    },
  },
  {
    name: 'a rollback returns the stake once; a win after it is TRANSACTION_ROLLED_BACK',
    async run(ctx) {
      const c = calls(ctx);
      const before = (await c.balance()).balance;
      const betId = fresh('rbet');
      await c.bet(betId, 300);
      const first = (await c.rollback(fresh('rb'), betId)).answer;
      const second = (await c.rollback(fresh('rb'), betId)).answer;
      expectThat(
        ok(first) && first.balance === before,
        `first rollback ${first.status}, ${first.balance} vs ${before}`,
      );
      expectThat(
        ok(second) && second.balance === before,
        `second rollback ${second.status}, ${second.balance}`,
      );
      const win = (await c.win(fresh('win'), betId, 100)).answer;
      expectThat(win.status === ProviderStatus.TRANSACTION_ROLLED_BACK, win.status);
    },
  },
  {
    name: 'a rollback before its bet answers OK and the late bet is refused',
    async run(ctx) {
      const c = calls(ctx);
      const before = (await c.balance()).balance;
      const betId = fresh('late');
      const rollback = (await c.rollback(fresh('early'), betId)).answer;
      const bet = (await c.bet(betId, 100)).answer;
      const after = (await c.balance()).balance;
      expectThat(ok(rollback), rollback.status);
      expectThat(!ok(bet) && after === before, `late bet ${bet.status}, balance ${after} vs ${before}`);
    },
  },
  {
    name: 'NOT_ENOUGH_MONEY carries the actual balance',
    async run(ctx) {
      const c = calls(ctx);
      const before = (await c.balance()).balance ?? 0;
      const bet = (await c.bet(fresh('big'), before + 1)).answer;
      expectThat(
        bet.status === ProviderStatus.NOT_ENOUGH_MONEY && bet.balance === before,
        `${bet.status}, ${bet.balance}`,
      );
    },
  },
  {
    name: 'a bad signature is refused and writes nothing',
    async run(ctx) {
      const c = calls(ctx);
      const before = (await c.balance()).balance;
      const body = c.betBody(fresh('forged'), 100);
      const forged = await ctx.client.call('/transaction/bet', body, { signature: 'sha256=00' });
      const after = (await c.balance()).balance;
      expectThat(forged.answer.status === ProviderStatus.INVALID_SIGNATURE, forged.answer.status);
      expectThat(after === before, `balance moved: ${before} → ${after}`);
    },
  },
  {
    name: 'malformed JSON and bad fields are WRONG_SYNTAX',
    async run(ctx) {
      const broken = await ctx.client.call('/transaction/bet', null, { raw: '{"request_uuid": ' });
      const negative = await ctx.client.call('/transaction/bet', {
        ...calls(ctx).betBody(fresh('neg'), 1),
        amount: -1,
      });
      expectThat(broken.answer.status === ProviderStatus.WRONG_SYNTAX, broken.answer.status);
      expectThat(negative.answer.status === ProviderStatus.WRONG_SYNTAX, negative.answer.status);
    },
  },
  {
    name: 'an unknown token is INVALID_TOKEN',
    async run(ctx) {
      const answer = (
        await ctx.client.call('/user/balance', { request_uuid: randomUUID(), token: fresh('nope') })
      ).answer;
      expectThat(answer.status === ProviderStatus.INVALID_TOKEN, answer.status);
    },
  },
  {
    name: 'the same bet sent 10 times at once debits once',
    async run(ctx) {
      const c = calls(ctx);
      const before = (await c.balance()).balance ?? 0;
      const body = c.betBody(fresh('race'), 150);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => ctx.client.call('/transaction/bet', body)),
      );
      const after = (await c.balance()).balance;
      expectThat(
        answers.every((a) => ok(a.answer)),
        answers.map((a) => a.answer.status).join(','),
      );
      expectThat(after === before - 150, `balance ${after}, expected ${before - 150}`);
    },
  },
  {
    name: 'concurrent bets never take the balance below zero',
    async run(ctx) {
      const c = calls(ctx);
      const before = (await c.balance()).balance ?? 0;
      const stake = Math.max(1, Math.floor(before / 10));
      const answers = await Promise.all(Array.from({ length: 20 }, () => c.bet(fresh('many'), stake)));
      const accepted = answers.filter((a) => ok(a.answer)).length;
      const after = (await c.balance()).balance ?? 0;
      expectThat(
        accepted === Math.floor(before / stake),
        `accepted ${accepted} of 20 at ${stake} from ${before}`,
      );
      expectThat(after === before - accepted * stake && after >= 0, `balance ${after}`);
    },
  },
  {
    name: 'a bet racing its rollback leaves the original balance',
    async run(ctx) {
      const c = calls(ctx);
      const before = (await c.balance()).balance;
      for (let i = 0; i < 10; i++) {
        const betId = fresh('raced');
        await Promise.all([c.bet(betId, 100), c.rollback(fresh('rb'), betId)]);
      }
      const after = (await c.balance()).balance;
      expectThat(after === before, `balance ${after} vs ${before}`);
    },
  },
];

/**
 * Runs every scenario against a casino, each with a fresh funded session from `sessions`; a scenario
 * that throws anything but a failed expectation is reported with its error.
 */
export async function runConformance(
  client: ProviderClient,
  sessions: () => Promise<TestSession>,
  only?: RegExp,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of SCENARIOS) {
    if (only && !only.test(scenario.name)) continue;
    try {
      await scenario.run({ client, session: await sessions() });
      results.push({ name: scenario.name, passed: true });
    } catch (error) {
      results.push({
        name: scenario.name,
        passed: false,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}
