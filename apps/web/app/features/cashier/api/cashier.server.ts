import type { PaymentSystemView, PaymentView } from '@kometa/contracts';
import type { ApiClient, ApiResponse } from '../../../lib/api-client.ts';

export interface DepositData {
  step: 'SelectPaymentSystem' | 'DeactivatedPayment' | 'RequisitesFillOut' | 'RequisitesFillOut2';
  systems: PaymentSystemView[];
  suggestions: { depositNumber: 'first' | 'other'; values: number[] };
}

/** Why the cashier is closed (spec §4 payments): a verification to pass, or a blocked account. */
export type CashierGate = 'email-verified' | 'phone-verified' | 'kyc-verified' | 'blocked' | null;

export function gateOf(answer: ApiResponse<unknown>): CashierGate {
  if (answer.status === 417) {
    const expected = answer.headers.get('expectation');
    return expected === 'email-verified' || expected === 'phone-verified' || expected === 'kyc-verified'
      ? expected
      : 'kyc-verified';
  }
  return answer.status === 403 ? 'blocked' : null;
}

/** The cashier's calls as the server-side loaders and actions make them (spec §7 payments). */
export function cashierApi(api: ApiClient) {
  return {
    depositData: () => api.get<DepositData>('/payments/deposit-data'),
    withdrawalSystems: () => api.get<PaymentSystemView[]>('/payments/systems', { type: 'withdrawal' }),
    deposit: (system: string, amount: number) =>
      api.post<{ payment: PaymentView; redirectUrl: string | null }>('/payments/deposits', {
        system,
        amount,
      }),
    withdraw: (system: string, amount: number, requisites: Record<string, string>) =>
      api.post<PaymentView>('/payments/withdrawals', { system, amount, requisites }),
    payment: (id: number) => api.get<PaymentView>(`/payments/${id}`),
    history: () =>
      api.get<{ items: PaymentView[]; count: number }>('/payments', { limit: 50, filter: 'all' }),
    gameHistory: () =>
      api.get<{
        items: {
          round: string;
          game: string;
          bet: number;
          win: number;
          currency: string;
          openedAt: number;
        }[];
        count: number;
      }>('/users/self/gameHistory', { limit: 50, offset: 0 }),
    requestEmail: () => api.post('/users/self/requestConfirm'),
  };
}
