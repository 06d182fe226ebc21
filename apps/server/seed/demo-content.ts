import type { ContentSeed } from '../src/modules/content/index.ts';

const site = 'Комета';

export const demoContent: ContentSeed = {
  images: [
    { type: 'header_logo', name: 'header_logo', url: '/media/logo.svg', width: 100, height: 40 },
    { type: 'background', name: 'background', url: '/media/background.svg', width: 1920, height: 1080 },
  ],
  menus: [
    {
      id: 'header',
      title: 'Главное меню',
      items: [
        { title: 'Игры', url: '/games', icon: 'games' },
        { title: 'Акции', url: '/actions/list', icon: 'actions' },
        { title: 'Подарки', url: '/gifts', icon: 'gifts' },
      ],
    },
    {
      id: 'footer',
      title: 'Подвал',
      items: [
        {
          title: 'Казино',
          url: '/games',
          children: [
            { title: 'Все игры', url: '/games' },
            { title: 'Провайдеры', url: '/games/developer' },
            { title: 'Акции', url: '/actions/list' },
            { title: 'Подарки', url: '/gifts' },
          ],
        },
        {
          title: 'Документы',
          url: '/rules',
          children: [
            { title: 'Правила и условия', url: '/rules' },
            { title: 'Бонусные правила', url: '/bonus-terms' },
            { title: 'Политика конфиденциальности', url: '/privacy' },
            { title: 'AML и KYC', url: '/aml-kyc' },
            { title: 'Лицензия', url: '/license' },
          ],
        },
        {
          title: 'Игроку',
          url: '/responsible-gaming',
          children: [
            { title: 'Ответственная игра', url: '/responsible-gaming' },
            { title: 'Лимиты', url: '/games-limits' },
            { title: 'Самоисключение', url: '/self-exclusion-option' },
            { title: 'Верификация', url: '/verification-info' },
            { title: 'Контакты', url: '/contacts' },
          ],
        },
      ],
    },
    {
      id: 'sidebar_mobile',
      title: 'Меню (игрок)',
      items: [
        { title: 'Профиль', url: '/profile', icon: 'profile' },
        { title: 'Касса', url: '/payment/deposit', icon: 'cashier' },
        { title: 'Лимиты', url: '/games-limits', icon: 'limits' },
      ],
    },
    {
      id: 'sidebar_mobile_guest',
      title: 'Меню (гость)',
      items: [
        { title: 'Игры', url: '/games', icon: 'games' },
        { title: 'Регистрация', url: '/#register', icon: 'register' },
      ],
    },
  ],
  pages: [
    {
      identifier: 'seo_main',
      url: '/',
      title: `${site} — онлайн-казино`,
      description:
        'Слоты, рулетка, блэкджек и кости с доказуемо честными результатами. Только для лиц старше 18 лет.',
      ogImage: '/media/logo.svg',
      ogSiteName: site,
    },
    {
      identifier: 'games',
      url: '/games',
      title: `Все игры — ${site}`,
      description: 'Каталог игр: слоты, настольные игры и игры собственной разработки.',
      ogImage: null,
      ogSiteName: site,
    },
    {
      identifier: 'actions/list',
      url: '/actions/list',
      title: `Акции — ${site}`,
      description: 'Текущие акции и бонусы.',
      ogImage: null,
      ogSiteName: site,
    },
  ],
  redirects: [
    { source: 'tickets', target: '/lottery', code: 301 },
    { source: 'hall-of-fame', target: '/hall-of-fame/top', code: 301 },
    { source: 'payment', target: '/payment/deposit', code: 302 },
  ],
  slides: [
    {
      slot: 'hello_bar',
      title: 'Добро пожаловать в Комету!',
      text: 'Играйте ответственно: установите лимиты в профиле.',
      linkUrl: '/games-limits',
      linkText: 'Лимиты',
      position: 0,
    },
    {
      slot: 'header_main_slider',
      title: 'Приветственный пакет',
      text: 'Бонус на первые депозиты для новых игроков.',
      imageDesktop: '/media/promotions/welcome.svg',
      imageMobile: '/media/promotions/welcome.svg',
      linkUrl: '/#register',
      linkText: 'Зарегистрироваться',
      audience: 'guest',
      position: 0,
    },
    {
      slot: 'header_main_slider',
      title: 'Доказуемо честные игры',
      text: 'Проверьте любой раунд на странице честности.',
      imageDesktop: '/media/promotions/tournament.svg',
      imageMobile: '/media/promotions/tournament.svg',
      linkUrl: '/games',
      linkText: 'Играть',
      position: 1,
    },
    {
      slot: 'cashier_slider',
      title: 'Безопасные платежи',
      text: 'Пополнение и вывод без комиссии.',
      audience: 'player',
      position: 0,
    },
  ],
};
