import type { GiftRules } from '@kometa/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';
import type { GiftsRepository } from './gifts.repository.ts';
import type { PromoCodesRepository } from './promo-codes.repository.ts';

const DAY_MS = 86_400_000;
const rules: GiftRules = {
  amount: null,
  percent: null,
  minDeposit: null,
  wagerMultiplier: 0,
  maxBet: null,
  conversionCap: null,
  wagerDays: 7,
  contributions: {},
  excludedGames: [],
  freeSpins: null,
  cashbackPercent: null,
  points: null,
};

/**
 * The back office's bonus screens on the demo (ADR 033): an offer for VIP players only with its
 * VIP code, free spins scheduled for next week, and points switched off — beside the gifts' own demo.
 */
export async function loadDemoBonusesAdmin(deps: {
  db: Db;
  gifts: GiftsRepository;
  codes: PromoCodesRepository;
  now: Date;
}): Promise<void> {
  if (await deps.codes.find('VIP10')) return;
  const at = deps.now;
  const common = {
    description: '',
    image: null,
    currency: 'RUB',
    welcomeStep: null,
    choose: null,
    startsAt: null,
    endsAt: null,
  };
  const vip = await deps.gifts.insertOffer(
    {
      ...common,
      kind: 'cashback',
      title: 'Кешбэк 10 % для VIP',
      description: 'Каждый понедельник — 10 % чистого проигрыша за неделю.',
      terms: 'Кешбэк начисляется бонусными деньгами, вейджер ×5 за 7 дней. Только для участников VIP-клуба.',
      rules: { ...rules, cashbackPercent: 10, wagerMultiplier: 5, contributions: { slots: 100, live: 20 } },
      takeDays: 7,
      targetLabels: ['vip'],
      targetCurrencies: ['RUB'],
    },
    at,
  );
  await deps.gifts.insertOffer(
    {
      ...common,
      kind: 'free_spins',
      title: '50 фриспинов в слоте недели',
      terms: '50 вращений по 20 ₽, выигрыш отыгрывается ×30 за 3 дня.',
      rules: {
        ...rules,
        freeSpins: { count: 50, spinValue: 2_000, games: ['kometa:slots'] },
        wagerMultiplier: 30,
        wagerDays: 3,
      },
      takeDays: 3,
      startsAt: new Date(at.getTime() + 7 * DAY_MS),
      endsAt: new Date(at.getTime() + 14 * DAY_MS),
    },
    at,
  );
  await deps.gifts.insertOffer(
    {
      ...common,
      kind: 'points',
      title: '500 баллов за отзыв',
      terms: 'Баллы зачисляются сразу после получения подарка.',
      rules: { ...rules, points: 500 },
      takeDays: 14,
      active: false,
    },
    at,
  );
  await deps.codes.insert(
    { code: 'VIP10', offerId: vip, cap: 100, vipOnly: true, startsAt: null, endsAt: null },
    at,
  );
  await loadDemoAbuseFlags(deps.db, deps.gifts, at);
}

/**
 * «Подозрения на злоупотребление» on the demo (issue 17 item 9): the demo players Boris and Vera were
 * refused the first welcome gift — Boris signed up on Anna's device, Vera deposited with Anna's card.
 * Only when the demo players exist (SEED_DEMO_PLAYERS).
 */
async function loadDemoAbuseFlags(db: Db, gifts: GiftsRepository, at: Date): Promise<void> {
  const rows = await queryRows<{ email: string; id: unknown }>(
    db,
    sql`select email, id from users where email in ('anna.demo@kometa.test', 'boris.demo@kometa.test', 'vera.demo@kometa.test')`,
  );
  const idOf = (name: string) => rows.find((row) => row.email === `${name}.demo@kometa.test`)?.id;
  const [welcome] = await queryRows<{ id: unknown }>(
    db,
    sql`select id from gift_offers where welcome_step is not null order by welcome_step desc, id limit 1`,
  );
  const anna = idOf('anna');
  if (anna === undefined || !welcome) return;
  for (const [name, matchedOn, hoursAgo] of [
    ['boris', 'device', 30],
    ['vera', 'payment_details', 5],
  ] as const) {
    const player = idOf(name);
    if (player === undefined) continue;
    await gifts.flagAbuse({
      userId: Number(player),
      offerId: Number(welcome.id),
      matchedUserId: Number(anna),
      matchedOn,
      at: new Date(at.getTime() - hoursAgo * 3_600_000),
    });
  }
}
