import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Sandbox } from './sandbox.provider.ts';
import { SANDBOX_OUTCOMES } from './sandbox.provider.ts';
import { sandboxPage } from './sandbox.page.ts';

const params = z.strictObject({ reference: z.string().min(1).max(64) });

/** The sandbox provider's hosted payment page (outside the API: it plays a provider's website). */
export function sandboxRoutes(sandbox: Sandbox): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { partner: true };
    app.get('/sandbox/pay/:reference', { config, schema: { hide: true, params } }, async (request, reply) => {
      const payment = await sandbox.find(request.params.reference);
      if (!payment || payment.kind !== 'deposit')
        return reply.code(404).type('text/plain').send('Платёж не найден');
      const open = ['new', 'processing', 'delayed'].includes(payment.status);
      // The form's answer redirects back to the site the player came from (any operator domain, ADR
      // 041): browsers hold a form's redirect to form-action too.
      const back = payment.returnUrl ? new URL(payment.returnUrl).origin : '';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${back}`.trim(),
        )
        .send(sandboxPage(payment, open));
    });
    app.post(
      '/sandbox/pay/:reference',
      {
        config,
        schema: { hide: true, params, body: z.strictObject({ outcome: z.enum(SANDBOX_OUTCOMES) }) },
      },
      async (request, reply) => {
        const payment = await sandbox.find(request.params.reference);
        if (!payment || payment.kind !== 'deposit')
          return reply.code(404).type('text/plain').send('Платёж не найден');
        await sandbox.choose(payment.reference, request.body.outcome);
        return reply.redirect(payment.returnUrl ?? '/', 303);
      },
    );
  };
}
