import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** The spec's route table (§2.1), one file per route; grown as each screen lands. */
export default [
  index('routes/home.tsx'),
  route('resetting/request', 'routes/resetting-request.tsx'),
  route('resetting/reset/:token', 'routes/resetting-reset.tsx'),
  route('sapi/loginByToken', 'routes/login-by-token.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('games', 'routes/lobby.tsx', [
    index('routes/lobby-all.tsx', { id: 'lobby-all' }),
    route('last', 'routes/lobby-last.tsx'),
    route(':tab', 'routes/lobby-tab.tsx'),
  ]),
  route('game/:developer/:slug', 'routes/game.tsx'),
  route('search-games', 'routes/search-games.tsx'),
  route('profile', 'routes/profile.tsx', [
    index('routes/profile-index.tsx'),
    route('settings', 'routes/profile-settings.tsx'),
    route('change_password', 'routes/profile-change-password.tsx'),
  ]),
  route('payment', 'routes/payment.tsx', [
    index('routes/payment-index.tsx'),
    route('deposit', 'routes/payment-deposit.tsx'),
    route('withdrawal', 'routes/payment-withdrawal.tsx'),
    route('history', 'routes/payment-history.tsx'),
    route('game-history', 'routes/payment-game-history.tsx'),
    route('success/:id', 'routes/payment-success.tsx'),
  ]),
  route('deposit-pending/:id', 'routes/deposit-pending.tsx'),
  route('payment-fail', 'routes/payment-fail.tsx'),
  route('email-confirmation/confirm/:token', 'routes/email-confirmation.tsx'),
  route('games-limits', 'routes/games-limits.tsx', [route(':kind', 'routes/games-limits-kind.tsx')]),
  route('self-exclusion-option', 'routes/self-exclusion.tsx'),
  route('verification-info', 'routes/verification-info.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
