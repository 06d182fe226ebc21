import type { PluralForms } from '@kometa/money';
import { errorMessagesRu } from '@kometa/contracts/messages.ru';

/** Every string the player sees, in Russian (the site is Russian only). */
export const ru = {
  site: {
    name: 'Комета',
    tagline: 'Онлайн-казино с честными играми',
    skipToContent: 'Перейти к содержанию',
  },
  nav: {
    games: 'Игры',
    actions: 'Акции',
    gifts: 'Подарки',
    login: 'Войти',
    register: 'Регистрация',
    main: 'Основное меню',
    search: 'Поиск игр',
  },
  footer: {
    responsible: 'Играйте ответственно. Только для лиц старше 18 лет.',
    limits: 'Лимиты и самоисключение',
    fairness: 'Честная игра',
  },
  home: {
    title: 'Комета — онлайн-казино',
    description: 'Слоты, рулетка, блэкджек и кости с доказуемо честными результатами.',
    promo: 'Игры Кометы',
    popular: 'Популярные игры',
    allGames: 'Все игры',
  },
  lobby: {
    title: 'Игры',
    description: 'Все игры Кометы и студий-партнёров: слоты, настольные и быстрые игры.',
    all: 'Все игры',
    tabs: 'Разделы лобби',
    more: 'Показать ещё',
    empty: 'Здесь пока нет игр',
    play: 'Играть',
    demo: 'Демо',
    games: { one: 'игра', few: 'игры', many: 'игр' } satisfies PluralForms,
  },
  errors: {
    notFoundTitle: 'Страница не найдена',
    notFound: 'Такой страницы нет',
    backHome: 'Вернуться на главную',
    generic: 'Ошибка',
    genericText: 'Что-то пошло не так. Попробуйте обновить страницу.',
    api: errorMessagesRu,
  },
} as const;
