import type { GiftRules } from '@kometa/contracts';
import type { GiftsService } from './gifts.service.ts';
import type { PromoCodesService } from './promo-codes.service.ts';

const base: Omit<GiftRules, 'amount' | 'percent' | 'minDeposit' | 'wagerMultiplier'> = {
  maxBet: 50_000,
  conversionCap: null,
  wagerDays: 7,
  contributions: { slots: 100, table: 10, live: 10, crash: 50, other: 50 },
  excludedGames: [],
  freeSpins: null,
  cashbackPercent: null,
  points: null,
};

const TERMS = [
  'Бонус зачисляется на бонусный счёт после активации.',
  'Ставки сначала списываются с реального баланса, затем с бонусного.',
  'Отыгрыш засчитывается: слоты 100 %, краш-игры 50 %, настольные игры 10 %.',
  'При выводе средств до завершения отыгрыша бонусный баланс аннулируется, реальные деньги остаются вашими.',
];

/** Demo offers and promo codes: a welcome pack over the first two deposits, a no-deposit gift, codes. */
export async function loadDemoGifts(gifts: GiftsService, promo: PromoCodesService): Promise<void> {
  const existing = await gifts.offer(1);
  if (existing) return;
  const welcome1 = await gifts.createOffer({
    kind: 'deposit_bonus',
    title: '100 % к первому депозиту',
    description: 'Удвоим первый депозит до 10 000 ₽.',
    terms: [
      ...TERMS,
      'Минимальный депозит — 500 ₽, вейджер ×35, максимальная ставка при отыгрыше — 500 ₽.',
    ].join('\n'),
    image: null,
    currency: 'RUB',
    rules: { ...base, amount: 1_000_000, percent: 100, minDeposit: 50_000, wagerMultiplier: 35 },
    welcomeStep: 1,
    choose: null,
    takeDays: 14,
    startsAt: null,
    endsAt: null,
  });
  await gifts.createOffer({
    kind: 'deposit_bonus',
    title: '50 % ко второму депозиту',
    description: 'Половина второго депозита сверху, до 15 000 ₽.',
    terms: [...TERMS, 'Минимальный депозит — 1 000 ₽, вейджер ×30.'].join('\n'),
    image: null,
    currency: 'RUB',
    rules: { ...base, amount: 1_500_000, percent: 50, minDeposit: 100_000, wagerMultiplier: 30 },
    welcomeStep: 2,
    choose: null,
    takeDays: 30,
    startsAt: null,
    endsAt: null,
  });
  const noDeposit = await gifts.createOffer({
    kind: 'bonus_money',
    title: '500 ₽ без депозита',
    description: 'Подарок за промокод: 500 ₽ на бонусный счёт.',
    terms: [...TERMS, 'Вейджер ×20, к выводу — не больше 5 000 ₽ выигрыша.'].join('\n'),
    image: null,
    currency: 'RUB',
    rules: {
      ...base,
      amount: 50_000,
      percent: null,
      minDeposit: null,
      wagerMultiplier: 20,
      conversionCap: 500_000,
    },
    welcomeStep: null,
    choose: null,
    takeDays: 7,
    startsAt: null,
    endsAt: null,
  });
  await promo.createCode({
    code: 'KOMETA',
    offerId: noDeposit,
    cap: 1000,
    vipOnly: false,
    startsAt: null,
    endsAt: null,
  });
  await promo.createCode({
    code: 'WELCOME',
    offerId: welcome1,
    cap: null,
    vipOnly: false,
    startsAt: null,
    endsAt: null,
  });
  // A deposit bonus wagered in a few rounds: the whole life of a bonus, from code to withdrawal, in
  // minutes (the demo's walk-through and the browser journey use it).
  const quick = await gifts.createOffer({
    kind: 'deposit_bonus',
    title: 'Быстрый старт',
    description: '100 % к депозиту до 1 000 ₽, вейджер всего ×1.',
    terms: [
      TERMS[0],
      TERMS[1],
      'Отыгрыш засчитывается: слоты, краш- и быстрые игры 100 %, настольные игры 10 %.',
      TERMS[3],
      'Минимальный депозит — 100 ₽, вейджер ×1, максимальная ставка при отыгрыше — 500 ₽.',
    ].join('\n'),
    image: null,
    currency: 'RUB',
    rules: {
      ...base,
      contributions: { ...base.contributions, crash: 100 },
      amount: 100_000,
      percent: 100,
      minDeposit: 10_000,
      wagerMultiplier: 1,
    },
    welcomeStep: null,
    choose: null,
    takeDays: 14,
    startsAt: null,
    endsAt: null,
  });
  await promo.createCode({
    code: 'START',
    offerId: quick,
    cap: null,
    vipOnly: false,
    startsAt: null,
    endsAt: null,
  });
}

/**
 * The demo composite (ADR 032): "Набор новичка" given by the code NABOR — choose 2 of 4 gifts.
 * Loaded once per database (`hasCode` guards it), after the offers above.
 */
export async function loadDemoComposite(
  gifts: GiftsService,
  promo: PromoCodesService,
  hasCode: (code: string) => Promise<boolean>,
): Promise<void> {
  if (await hasCode('NABOR')) return;
  const item = (over: {
    kind: 'bonus_money' | 'free_spins' | 'free_bet' | 'points';
    title: string;
    description: string;
    terms: string[];
    rules: Partial<GiftRules>;
  }) =>
    gifts.createOffer({
      kind: over.kind,
      title: over.title,
      description: over.description,
      terms: over.terms.join('\n'),
      image: null,
      currency: 'RUB',
      rules: {
        ...base,
        amount: null,
        percent: null,
        minDeposit: null,
        wagerMultiplier: 0,
        ...over.rules,
      },
      welcomeStep: null,
      choose: null,
      takeDays: 7,
      startsAt: null,
      endsAt: null,
    });
  const items = [
    await item({
      kind: 'bonus_money',
      title: '300 ₽ на бонусный счёт',
      description: 'Бонусные деньги на любые слоты, вейджер ×25.',
      terms: [...TERMS, 'Вейджер ×25, к выводу — не больше 3 000 ₽ выигрыша.'],
      rules: { amount: 30_000, wagerMultiplier: 25, conversionCap: 300_000 },
    }),
    await item({
      kind: 'free_spins',
      title: '50 фриспинов',
      description: '50 вращений по 10 ₽ в популярных слотах.',
      terms: [
        'Фриспины начисляются после активации и действуют 7 дней.',
        'Выигрыш с фриспинов зачисляется на бонусный счёт, вейджер ×30.',
      ],
      rules: {
        wagerMultiplier: 30,
        freeSpins: { count: 50, spinValue: 1_000, games: [] },
      },
    }),
    await item({
      kind: 'free_bet',
      title: 'Фрибет 500 ₽',
      description: 'Ставка за наш счёт в краш-играх и слотах.',
      terms: [...TERMS, 'Фрибет зачисляется на бонусный счёт, вейджер ×10.'],
      rules: { amount: 50_000, wagerMultiplier: 10 },
    }),
    await item({
      kind: 'points',
      title: '1 000 баллов',
      description: 'Баллы программы лояльности — обменяйте их на бонусы.',
      terms: ['Баллы зачисляются сразу после активации и не сгорают.'],
      rules: { points: 1_000 },
    }),
  ];
  const composite = await gifts.createOffer(
    {
      kind: 'composite',
      title: 'Набор новичка: выберите 2 из 4',
      description: 'Соберите свой стартовый подарок: два любых бонуса из четырёх.',
      terms:
        'Выберите два подарка из набора. Каждый выбранный подарок появится в разделе «Подарки» со своими условиями.',
      image: null,
      currency: 'RUB',
      rules: { ...base, amount: null, percent: null, minDeposit: null, wagerMultiplier: 0 },
      welcomeStep: null,
      choose: 2,
      takeDays: 14,
      startsAt: null,
      endsAt: null,
    },
    items,
  );
  await promo.createCode({
    code: 'NABOR',
    offerId: composite,
    cap: null,
    vipOnly: false,
    startsAt: null,
    endsAt: null,
  });
}
