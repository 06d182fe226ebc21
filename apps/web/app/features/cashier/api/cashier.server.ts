import type { PaymentSystemView, PaymentView, UserWallet } from '@kometa/contracts';
import type { ApiClient, ApiResponse } from '../../../lib/api-client.ts';
import type { PaymentFilter } from '../payment-filters.ts';

export interface DepositData {
  step: 'SelectPaymentSystem' | 'DeactivatedPayment' | 'RequisitesFillOut' | 'RequisitesFillOut2';
  systems: PaymentSystemView[];
  suggestions: { depositNumber: 'first' | 'other'; values: number[] };
}

export interface MovedAmount {
  currency: string;
  amount: number;
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
    deposit: (system: string, amount: number, requisites: Record<string, string>) =>
      api.post<{ payment: PaymentView; redirectUrl: string | null }>('/payments/deposits', {
        system,
        amount,
        ...(Object.keys(requisites).length > 0 ? { requisites } : {}),
      }),
    withdraw: (system: string, amount: number, requisites: Record<string, string>) =>
      api.post<PaymentView>('/payments/withdrawals', { system, amount, requisites }),
    payment: (id: number) => api.get<PaymentView>(`/payments/${id}`),
    history: (filter: PaymentFilter) =>
      api.get<{ items: PaymentView[]; count: number; sumPayments?: number }>('/payments', {
        limit: 50,
        filter,
      }),
    cancel: (id: number) => api.post<PaymentView>(`/payments/${id}/cancel`),
    wallets: () => api.get<UserWallet[]>('/users/self/wallets'),
    rates: () => api.get<{ base: string; rates: Record<string, number> }>('/payments/exchange/rates'),
    exchange: (from: string, to: string, amount: number) =>
      api.post<{ from: MovedAmount; to: MovedAmount }>('/payments/exchange', { from, to, amount }),
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
