import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonQuery, providerWebhookParams, providerWebhookResponse } from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { PaymentsService } from './payments.service.ts';
import type { PaymentProvider } from './providers/provider.ts';

/**
 * Provider notifications. The signature covers the raw body, so this plugin reads the body as bytes
 * (its own content-type parser) and hands it to the provider's check before anything is parsed.
 */
export function webhookRoutes(deps: {
  payments: PaymentsService;
  providers: Map<string, PaymentProvider>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/payments/webhook/:provider',
      {
        config: { partner: true },
        schema: {
          tags: ['payments'],
          summary: "A payment provider's signed notification (raw body; the provider's own signature)",
          querystring: commonQuery,
          params: providerWebhookParams,
          response: { 200: providerWebhookResponse },
        },
      },
      async (request) => {
        const provider = deps.providers.get(request.params.provider);
        if (!provider) throw new AppError('NOT_FOUND');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const checked = provider.checkWebhook(raw, request.headers);
        if (!checked.ok) {
          request.ctx.log.warn({ provider: provider.id, reason: checked.reason }, 'payment webhook refused');
          throw new AppError(checked.reason === 'malformed' ? 'VALIDATION_ERROR' : 'SIGNATURE_INVALID');
        }
        const change = await deps.payments.applyProviderEvent(provider.id, checked.event);
        return { data: { applied: change.applied, statusId: change.status } };
      },
    );
  };
}
