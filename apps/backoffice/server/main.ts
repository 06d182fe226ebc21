import { hostConfig } from './config.ts';
import { buildBackofficeHost } from './host.ts';

const config = hostConfig();
const app = await buildBackofficeHost(config);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
await app.listen({ port: config.port, host: config.host });
console.log(`Back office: http://127.0.0.1:${config.port}/`);
