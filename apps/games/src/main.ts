import { buildGamesApp } from './app.ts';
import { loadGamesConfig } from './config.ts';

const config = loadGamesConfig();
const { app } = await buildGamesApp(config);
const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
const address = await app.listen({ host: config.host, port: config.port });
console.log(`Kometa games are listening at ${address}, casino ${config.casinoUrl}`);
