import type { PromotionsPorts } from './promotions.ports.ts';
import type { PromotionsRepository } from './promotions.repository.ts';
import type { PromotionsService } from './promotions.service.ts';

const DAY_MS = 86_400_000;

/** 31 December 23:59:59 Moscow time of this year, or of the next one when fewer than 30 days remain. */
function endOfYear(now: Date): Date {
  const end = (year: number) => new Date(Date.UTC(year, 11, 31, 20, 59, 59));
  const thisYear = end(now.getUTCFullYear());
  return thisYear.getTime() - now.getTime() > 30 * DAY_MS ? thisYear : end(now.getUTCFullYear() + 1);
}

/**
 * The demo's promotions (ADR 032), each with its drawn art under /media/promotions/: the welcome
 * pack (to the deposit page), weekly free spins (claimable: their gift through the reward port), the
 * weekly cashback (given on the first bet, to the gifts), the code KOMETA (to the promo-code page) and a tournament coming soon (to its game).
 */
export async function loadDemoPromotions(
  promotions: PromotionsService,
  ports: PromotionsPorts,
  repository: PromotionsRepository,
  now: Date,
): Promise<void> {
  if (await repository.bySlug('welcome-pack')) return;
  const until = endOfYear(now);
  await promotions.create({
    slug: 'welcome-pack',
    title: 'Приветственный пакет до 25 000 ₽',
    summary: '100 % к первому депозиту и 50 % ко второму — для новых игроков.',
    body: [
      'Начните игру с удвоенным балансом: мы добавим 100 % к первому депозиту и 50 % ко второму.',
      'Бонус появится в разделе «Подарки» сразу после депозита — активируйте его и играйте в любимые слоты.',
    ].join('\n'),
    terms: [
      'Акция действует для игроков, которые ещё не получали приветственный бонус.',
      'Первый депозит — от 500 ₽, бонус 100 % до 10 000 ₽, вейджер ×35.',
      'Второй депозит — от 1 000 ₽, бонус 50 % до 15 000 ₽, вейджер ×30.',
      'Максимальная ставка при отыгрыше — 500 ₽.',
      'Один приветственный пакет на человека, семью, устройство и платёжные реквизиты.',
    ].join('\n'),
    image: '/media/promotions/welcome.svg',
    badge: 'Новым игрокам',
    startsAt: null,
    endsAt: until,
    action: 'deposit',
    actionLabel: 'Сделать депозит',
    actionPath: null,
    offerId: null,
    claimEvery: 'once',
    position: 1,
  });
  const weeklySpins = await ports.createOffer({
    kind: 'free_spins',
    title: '20 фриспинов недели',
    description: '20 вращений по 10 ₽ в «Звёздных барабанах» и «Классике 3×3».',
    terms: [
      '20 фриспинов по 10 ₽ в играх «Звёздные барабаны» и «Классика 3×3».',
      'Выигрыш с фриспинов зачисляется на бонусный счёт, вейджер ×10, срок отыгрыша — 7 дней.',
      'Забрать фриспины можно один раз в неделю, неделя начинается в понедельник.',
    ].join('\n'),
    image: null,
    currency: 'RUB',
    rules: {
      amount: null,
      percent: null,
      minDeposit: null,
      wagerMultiplier: 10,
      maxBet: 50_000,
      conversionCap: null,
      wagerDays: 7,
      contributions: { slots: 100, table: 10, live: 10, crash: 50, other: 50 },
      excludedGames: [],
      freeSpins: { count: 20, spinValue: 1_000, games: ['kometa:video-slot', 'kometa:classic-slot'] },
      cashbackPercent: null,
      points: null,
    },
    welcomeStep: null,
    choose: null,
    takeDays: 7,
    startsAt: null,
    endsAt: null,
  });
  await promotions.create({
    slug: 'weekly-spins',
    title: '20 фриспинов каждую неделю',
    summary: 'Заберите 20 вращений в слотах Кометы — раз в неделю, без депозита.',
    body: [
      'Каждую неделю дарим 20 фриспинов по 10 ₽ в «Звёздных барабанах» и «Классике 3×3».',
      'Нажмите «Забрать фриспины» — подарок появится в разделе «Подарки». Прочитайте условия и активируйте его.',
    ].join('\n'),
    terms: [
      'Фриспины можно забрать один раз в неделю, неделя начинается в понедельник.',
      'Выигрыш с фриспинов зачисляется на бонусный счёт, вейджер ×10, срок отыгрыша — 7 дней.',
      'Фриспины нужно сыграть за 7 дней после активации.',
    ].join('\n'),
    image: '/media/promotions/free-spins.svg',
    badge: 'Каждую неделю',
    startsAt: null,
    endsAt: null,
    action: 'claim',
    actionLabel: 'Забрать фриспины',
    actionPath: null,
    offerId: weeklySpins,
    claimEvery: 'week',
    position: 2,
  });
  await promotions.create({
    slug: 'weekly-cashback',
    title: 'Кешбэк 10 % каждую неделю',
    summary: 'Каждый понедельник вернём 10 % проигрыша за неделю — ничего не нужно делать.',
    body: [
      'Неудачная неделя? Вернём 10 % проигрыша на бонусный счёт.',
      'Кешбэк начисляется сам: сделайте ставку, и подарок появится в разделе «Подарки».',
    ].join('\n'),
    terms: [
      'Кешбэк считается от чистого проигрыша за календарную неделю.',
      'Неделя — с понедельника по воскресенье по московскому времени; ставки бонусными деньгами и фриспины не учитываются.',
      'Вейджер кешбэка ×5, срок отыгрыша — 7 дней.',
    ].join('\n'),
    image: '/media/promotions/cashback.svg',
    badge: 'Каждую неделю',
    startsAt: null,
    endsAt: null,
    action: 'gifts',
    actionLabel: 'Мои подарки',
    actionPath: '/gifts',
    offerId: null,
    claimEvery: 'once',
    position: 3,
  });
  await promotions.create({
    slug: 'promo-kometa',
    title: '500 ₽ по промокоду KOMETA',
    summary: 'Введите промокод и получите 500 ₽ на бонусный счёт без депозита.',
    body: [
      'Промокод KOMETA дарит 500 ₽ без депозита.',
      'Откройте раздел «Подарки», перейдите на вкладку промокода и введите KOMETA.',
    ].join('\n'),
    terms: [
      'Промокод можно активировать один раз.',
      'Вейджер ×20, к выводу — не больше 5 000 ₽ выигрыша.',
      'Количество активаций промокода ограничено.',
    ].join('\n'),
    image: '/media/promotions/promo-code.svg',
    badge: 'Промокод',
    startsAt: null,
    endsAt: until,
    action: 'gifts',
    actionLabel: 'Ввести промокод',
    actionPath: '/gifts/promo',
    offerId: null,
    claimEvery: 'once',
    position: 4,
  });
  await promotions.create({
    slug: 'star-reels-tournament',
    title: 'Турнир «Звёздные барабаны»',
    summary: 'Призовой фонд 100 000 ₽ для лучших игроков недели.',
    body: [
      'Крутите «Звёздные барабаны» и поднимайтесь в таблице лидеров: очки начисляются за каждую ставку.',
      'Пока турнир не начался, можно потренироваться в игре.',
    ].join('\n'),
    terms: [
      'В зачёт идут ставки от 20 ₽ в игре «Звёздные барабаны».',
      'Призы получают 50 лучших игроков, приз первого места — 30 000 ₽.',
      'Призы зачисляются в течение 24 часов после окончания турнира.',
    ].join('\n'),
    image: '/media/promotions/tournament.svg',
    badge: 'Скоро',
    startsAt: new Date(now.getTime() + 7 * DAY_MS),
    endsAt: new Date(now.getTime() + 21 * DAY_MS),
    action: 'game',
    actionLabel: 'Открыть игру',
    actionPath: '/game/kometa/kometa-video-slot',
    offerId: null,
    claimEvery: 'once',
    position: 5,
  });
}
