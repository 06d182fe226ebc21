import type { PaymentStatusValue } from '@kometa/contracts';
import type { AdminRoutes } from '../operators/index.ts';
import type { PaymentsAdminService } from './payments-admin.service.ts';

/** The payment screens' operator routes (ADR 036), served by the operator API from ADMIN_ROUTES. */
export function paymentsAdminRoutes(service: PaymentsAdminService): AdminRoutes {
  return ({ route, operatorOf, csv }) => {
    route('listPayments', async (_request, _reply, { query }) => ({ data: await service.list(query) }));
    route('exportPayments', async (_request, reply, { query }) =>
      csv(reply, 'payments.csv', service.csv((await service.list(query)).items)),
    );
    route('payment', async (_request, _reply, { params }) => ({ data: await service.detail(params.id) }));
    route('approveWithdrawal', async (request, _reply, { params, body }) => ({
      data: await service.approve(params.id, body.comment, operatorOf(request)),
    }));
    route('rejectWithdrawal', async (request, _reply, { params, body }) => ({
      data: await service.reject(params.id, body.reason, operatorOf(request)),
    }));
    route('markPaid', async (request, _reply, { params, body }) => ({
      data: await service.markPaid(params.id, body.reason, operatorOf(request)),
    }));
    route('setPaymentStatus', async (request, _reply, { params, body }) => ({
      data: await service.setStatus(
        params.id,
        body.status as PaymentStatusValue,
        body.reason,
        operatorOf(request),
      ),
    }));
    route('refundPayment', async (request, _reply, { params, body }) => ({
      data: await service.refund(params.id, body, operatorOf(request)),
    }));
    route('listPaymentSystems', async () => ({ data: await service.systems() }));
    route('updatePaymentSystem', async (request, _reply, { params, body }) => ({
      data: await service.updateSystem(params.id, body, operatorOf(request)),
    }));
    route('setPaymentVerification', async (request, _reply, { body }) => ({
      data: await service.setVerification(body, operatorOf(request)),
    }));
  };
}
