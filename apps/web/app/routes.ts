import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** The spec's route table (§2.1), one file per route; grown as each screen lands. */
export default [
  index('routes/home.tsx'),
  route('games', 'routes/lobby.tsx', [
    index('routes/lobby-all.tsx', { id: 'lobby-all' }),
    route('last', 'routes/lobby-last.tsx'),
    route(':tab', 'routes/lobby-tab.tsx'),
  ]),
  route('game/:developer/:slug', 'routes/game.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
