import type { GiftRules } from '@kometa/contracts';
import type { GiftsService } from './gifts.service.ts';
import type { OccasionGiftsRepository } from './occasion-gifts.repository.ts';
import type { OccasionGiftsService } from './occasion-gifts.service.ts';

const rules = (amount: number): GiftRules => ({
  amount,
  percent: null,
  minDeposit: null,
  wagerMultiplier: 10,
  maxBet: 50_000,
  conversionCap: 300_000,
  wagerDays: 7,
  contributions: { slots: 100, table: 10, live: 10, crash: 50, other: 50 },
  excludedGames: [],
  freeSpins: null,
  cashbackPercent: null,
  points: null,
});

/**
 * Demo occasion gifts (ADR 034, 040): 300 ₽ for a confirmed phone, 100 ₽ for the first login from the
 * app, 500 ₽ for the completed extended profile.
 */
export async function loadDemoOccasions(
  gifts: GiftsService,
  occasions: OccasionGiftsService,
  repository: OccasionGiftsRepository,
): Promise<void> {
  const terms = (text: string) =>
    [
      text,
      'Ставки сначала списываются с реального баланса, затем с бонусного.',
      'Вейджер ×10, максимальная ставка при отыгрыше — 500 ₽, к выводу — не больше 3 000 ₽ выигрыша.',
    ].join('\n');
  if ((await repository.offerOf('extended_profile')) === null) {
    const profile = await gifts.createOffer({
      kind: 'bonus_money',
      title: '500 ₽ за заполненный профиль',
      description: 'Расскажите о себе — имя, город и адрес — и 500 ₽ сразу будут на бонусном счёте.',
      terms: terms('Бонус зачисляется один раз, когда профиль заполнен полностью.'),
      image: '/media/gifts/profile.svg',
      currency: 'RUB',
      rules: rules(50_000),
      welcomeStep: null,
      choose: null,
      takeDays: 30,
      startsAt: null,
      endsAt: null,
    });
    await occasions.setOffer('extended_profile', profile);
  }
  if ((await repository.offerOf('phone_confirmation')) !== null) return;
  const phone = await gifts.createOffer({
    kind: 'bonus_money',
    title: '300 ₽ за подтверждение телефона',
    description: 'Подтвердите номер телефона кодом из СМС — и 300 ₽ будут на бонусном счёте.',
    terms: terms('Бонус зачисляется, когда номер телефона подтверждён кодом из СМС.'),
    image: null,
    currency: 'RUB',
    rules: rules(30_000),
    welcomeStep: null,
    choose: null,
    takeDays: 30,
    startsAt: null,
    endsAt: null,
  });
  await occasions.setOffer('phone_confirmation', phone);
  const app = await gifts.createOffer({
    kind: 'bonus_money',
    title: '100 ₽ за вход из приложения',
    description: 'Подарок за первый вход из установленного приложения.',
    terms: terms('Подарок даётся один раз, при первом входе из приложения.'),
    image: null,
    currency: 'RUB',
    rules: rules(10_000),
    welcomeStep: null,
    choose: null,
    takeDays: 30,
    startsAt: null,
    endsAt: null,
  });
  await occasions.setOffer('app_login', app);
}
