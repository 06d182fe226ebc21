import type { GiftRules } from '@kometa/contracts';
import type { GiftsService } from './gifts.service.ts';
import type { PromoCodesRepository } from './promo-codes.repository.ts';
import type { PromoCodesService } from './promo-codes.service.ts';

const base: GiftRules = {
  amount: null,
  percent: null,
  minDeposit: null,
  wagerMultiplier: 20,
  maxBet: 50_000,
  conversionCap: null,
  wagerDays: 7,
  contributions: { slots: 100, table: 10, live: 10, crash: 50, other: 50 },
  excludedGames: [],
  freeSpins: null,
  cashbackPercent: null,
  points: null,
};

/**
 * Demo free play (ADR 031): 10 free spins of 20 ₽ on the demo slots with the promo code SPINS, a free
 * bet of 100 ₽ on them with FREEBET, and a weekly 10 % cashback every player receives.
 */
export async function loadDemoFreePlay(
  gifts: GiftsService,
  promo: PromoCodesService,
  codes: PromoCodesRepository,
): Promise<void> {
  if (await codes.find('SPINS')) return;
  const spins = await gifts.createOffer({
    kind: 'free_spins',
    title: '10 фриспинов по 20 ₽',
    description: 'Бесплатные вращения в слотах «Классика 3×3» и «Звёздные барабаны».',
    terms: [
      '10 вращений по 20 ₽ за счёт казино в слотах «Классика 3×3» и «Звёздные барабаны».',
      'Ставка фриспина фиксирована, реальный баланс не списывается.',
      'Выигрыш со всех фриспинов зачисляется бонусом после последнего вращения, вейджер ×20 за 7 дней.',
      'Фриспины нужно сыграть за 7 дней после активации.',
    ].join('\n'),
    image: null,
    currency: 'RUB',
    rules: {
      ...base,
      freeSpins: { count: 10, spinValue: 2_000, games: ['kometa:classic-slot', 'kometa:video-slot'] },
    },
    welcomeStep: null,
    choose: null,
    takeDays: 7,
    startsAt: null,
    endsAt: null,
  });
  await promo.createCode({
    code: 'SPINS',
    offerId: spins,
    cap: null,
    vipOnly: false,
    startsAt: null,
    endsAt: null,
  });
  const freeBet = await gifts.createOffer({
    kind: 'free_bet',
    title: 'Фрибет 100 ₽',
    description: 'Одна ставка 100 ₽ за счёт казино в слотах «Классика 3×3» и «Звёздные барабаны».',
    terms: [
      'Одна ставка 100 ₽ за счёт казино в слотах «Классика 3×3» и «Звёздные барабаны».',
      'Сама ставка не возвращается: начисляется только выигрыш сверх 100 ₽ — реальными деньгами, без отыгрыша.',
      'Фрибет нужно сыграть за 7 дней после активации.',
    ].join('\n'),
    image: null,
    currency: 'RUB',
    rules: {
      ...base,
      amount: 10_000,
      wagerMultiplier: 0,
      freeBetGames: ['kometa:classic-slot', 'kometa:video-slot'],
    },
    welcomeStep: null,
    choose: null,
    takeDays: 7,
    startsAt: null,
    endsAt: null,
  });
  await promo.createCode({
    code: 'FREEBET',
    offerId: freeBet,
    cap: null,
    vipOnly: false,
    startsAt: null,
    endsAt: null,
  });
  await gifts.createOffer({
    kind: 'cashback',
    title: 'Кэшбэк 10 % каждую неделю',
    description: 'Вернём 10 % чистого проигрыша за неделю бонусом в понедельник.',
    terms: [
      'Кэшбэк — 10 % от чистого проигрыша реальными деньгами за неделю (понедельник–воскресенье, время московское).',
      'Чистый проигрыш — ставки реальными деньгами минус выигрыши по ним; бонусные ставки и фриспины не учитываются.',
      'Начисляется бонусом после окончания недели, вейджер ×5 за 7 дней. Нет проигрыша — нет кэшбэка.',
    ].join('\n'),
    image: null,
    currency: 'RUB',
    rules: { ...base, wagerMultiplier: 5, cashbackPercent: 10, cashbackPeriod: 'weekly' },
    welcomeStep: null,
    choose: null,
    takeDays: null,
    startsAt: null,
    endsAt: null,
  });
}
