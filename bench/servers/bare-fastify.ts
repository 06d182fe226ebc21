import Fastify from 'fastify';
import { benchServerPort } from './config.ts';

/** The baseline: Fastify with nothing but a hello-world route and no logger. */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: benchServerPort });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
