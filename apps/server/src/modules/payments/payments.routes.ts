import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  createDepositBody,
  createDepositResponse,
  createWithdrawalBody,
  depositDataQuery,
  depositDataResponse,
  depositSuggestionsResponse,
  depositTotalQuery,
  depositTotalResponse,
  paymentIdParams,
  paymentListQuery,
  paymentListResponse,
  paymentResponse,
  paymentsCountResponse,
  paymentSystemsQuery,
  paymentSystemsResponse,
} from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { authOf } from '../../platform/http/auth-guard.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { paymentView, type CashierService } from './cashier.service.ts';
import type { PaymentGates } from './gates.ts';
import type { PaymentsService } from './payments.service.ts';

const playerOf = ({ user }: Authenticated) => ({
  id: user.id,
  currency: user.currency,
  email: user.email,
  phone: user.phone,
});

export function paymentsRoutes(deps: {
  payments: PaymentsService;
  cashier: CashierService;
  gates: PaymentGates;
  settings: SettingsService;
  authenticated: preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { payments, cashier, authenticated } = deps;
  return async (app) => {
    const playerCall = routeOptions({ tags: ['payments'], preHandler: authenticated });

    app.get(
      '/payments/systems',
      playerCall({
        summary: "Payment systems for the player's currency",
        querystring: paymentSystemsQuery,
        response: paymentSystemsResponse,
      }),
      async (request) => ({
        data: await cashier.systems(request.query.type, authOf(request).user.currency),
      }),
    );

    app.get(
      '/payments/deposit-data',
      playerCall({
        summary: 'The deposit tab: step, systems, suggestions, tips (403/417 when money is gated)',
        querystring: depositDataQuery,
        response: depositDataResponse,
      }),
      async (request) => {
        const auth = authOf(request);
        await deps.gates.check(auth, 'deposit');
        const tips = await deps.settings
          .get<{ enabled?: boolean; min?: number; max?: number }>('tips')
          .catch(() => undefined);
        const [step, systems, suggestions] = await Promise.all([
          cashier.depositStep(auth.user.currency),
          cashier.systems('deposit', auth.user.currency),
          cashier.suggestions(playerOf(auth)),
        ]);
        return {
          data: {
            step,
            systems,
            suggestions,
            tips: { enabled: tips?.enabled === true, min: tips?.min ?? 0, max: tips?.max ?? 0 },
            returnUrl: request.query.returnUrl ?? null,
          },
        };
      },
    );

    app.get(
      '/payments/deposit-suggestions',
      playerCall({
        summary: 'Deposit suggestions (first or other deposit), in minor units',
        response: depositSuggestionsResponse,
      }),
      async (request) => ({ data: await cashier.suggestions(playerOf(authOf(request))) }),
    );

    app.post(
      '/payments/deposits',
      playerCall({
        summary: 'Open a deposit; answers the provider page to send the player to',
        body: createDepositBody,
        response: createDepositResponse,
      }),
      async (request) => {
        const created = await payments.createDeposit(
          authOf(request),
          request.body,
          idempotencyKeyOf(request),
          request.ctx.siteOrigin,
        );
        const { redirectUrl, instructions } = created.started;
        return {
          data: {
            payment: paymentView(created.payment),
            redirectUrl,
            step: instructions ? ('RequisitesFillOut2' as const) : null,
            instructions,
          },
        };
      },
    );

    app.post(
      '/payments/withdrawals',
      playerCall({
        summary: 'Request a withdrawal; the amount is held at once',
        body: createWithdrawalBody,
        response: paymentResponse,
      }),
      async (request) => ({
        data: paymentView(
          await payments.createWithdrawal(authOf(request), request.body, idempotencyKeyOf(request)),
        ),
      }),
    );

    app.get(
      '/payments',
      playerCall({
        summary: 'Payment history (limit, offset, filter, days, or between two ISO dates) with sumPayments',
        querystring: paymentListQuery,
        response: paymentListResponse,
      }),
      async (request) => ({ data: await cashier.history(authOf(request).user.id, request.query) }),
    );

    app.get(
      '/payments/count',
      playerCall({
        summary: 'How many payments, and how many successful deposits',
        response: paymentsCountResponse,
      }),
      async (request) => ({ data: await cashier.counts(authOf(request).user.id) }),
    );

    app.get(
      '/payments/deposit-total',
      playerCall({
        summary: 'Successful deposits over a look-back (default 30 days)',
        querystring: depositTotalQuery,
        response: depositTotalResponse,
      }),
      async (request) => {
        const { user } = authOf(request);
        return {
          data: {
            sum: await cashier.depositTotal(user.id, request.query.days),
            currency: user.currency as CurrencyCode,
            days: request.query.days,
          },
        };
      },
    );

    app.get(
      '/payments/:id',
      playerCall({
        summary: 'One payment (the success, pending and fail pages)',
        params: paymentIdParams,
        response: paymentResponse,
      }),
      async (request) => ({ data: paymentView(await cashier.find(authOf(request), request.params.id)) }),
    );

    app.post(
      '/payments/:id/cancel',
      playerCall({
        summary: 'Cancel a withdrawal that has not reached the provider; the hold is released',
        params: paymentIdParams,
        response: paymentResponse,
      }),
      async (request) => ({ data: paymentView(await payments.cancel(authOf(request), request.params.id)) }),
    );
  };
}
