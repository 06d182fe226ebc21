import Fastify from 'fastify';
import { benchServerPort } from './config.ts';

/** The baseline: Fastify with nothing but a hello-world route and no logger. */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/healthz', async () => ({ status: 'ok' }));
// The page baseline of the web suite: a small Russian document with no script at all.
app.get('/page', async (_request, reply) =>
  reply
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Комета</title><meta name="description" content="Базовая страница"></head><body><h1>Комета</h1><p>Базовая страница без скриптов.</p></body></html>',
    ),
);
await app.listen({ host: '127.0.0.1', port: benchServerPort });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
