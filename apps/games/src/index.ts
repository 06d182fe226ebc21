export { buildGamesApp, type GamesApp } from './app.ts';
export { loadGamesConfig, type GamesConfig } from './config.ts';
