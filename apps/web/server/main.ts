import { loadHostConfig } from './config.ts';
import { buildHost } from './host.ts';

const config = loadHostConfig();
const app = await buildHost(config);
const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
const address = await app.listen({ host: config.host, port: config.port });
console.log(`Kometa's site is at ${address} (API at ${config.apiUpstream})`);
