import {
  EXPECTATION_HEADER,
  PaymentMessage,
  VERIFICATIONS,
  type CreatedDeposit,
  type DepositData,
  type Exchange,
  type ExchangeRates,
  type GameHistory,
  type PaymentList,
  type PaymentSystemView,
  type PaymentView,
  type UserWallet,
  type Verification,
} from '@kometa/contracts';
import { data, type ActionFunctionArgs } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { DEFAULT_CURRENCY, formatAmount } from '@kometa/money';
import type { ApiClient, ApiResponse } from '../../../lib/api-client.ts';
import { currentPlayer, serverApi } from '../../../lib/api.server.ts';
import { invalidForm, refusal } from '../../../lib/form-route.ts';
import { requisitesFrom, sumFrom } from '../../../lib/form-values.ts';
import { messageOf } from '../../../lib/messages.ts';
import type { PaymentFilter } from '../payment-filters.ts';

/** Why the cashier is closed (spec §4 payments): a verification to pass, or a blocked account. */
export type CashierGate = Verification | 'blocked' | null;

const isVerification = (value: string | null): value is Verification =>
  (VERIFICATIONS as readonly (string | null)[]).includes(value);

export function gateOf(answer: ApiResponse<unknown>): CashierGate {
  if (answer.status === 417) {
    const expected = answer.headers.get(EXPECTATION_HEADER);
    return isVerification(expected) ? expected : 'kyc-verified';
  }
  return answer.status === 403 ? 'blocked' : null;
}

/** The cashier's calls as the server-side loaders and actions make them (spec §7 payments). */
export function cashierApi(api: ApiClient) {
  return {
    depositData: () => api.get<DepositData>('/payments/deposit-data'),
    withdrawalSystems: () => api.get<PaymentSystemView[]>('/payments/systems', { type: 'withdrawal' }),
    deposit: ({ system, amount, requisites }: PaymentOrder) =>
      api.post<CreatedDeposit>('/payments/deposits', {
        system,
        amount,
        ...(Object.keys(requisites).length > 0 ? { requisites } : {}),
      }),
    /** `forfeitBonus`: the player agreed to lose the bonus wagering now (ADR 030). */
    withdraw: ({ system, amount, requisites }: PaymentOrder, forfeitBonus = false) =>
      api.post<PaymentView>('/payments/withdrawals', {
        system,
        amount,
        requisites,
        ...(forfeitBonus ? { forfeitBonus: true } : {}),
      }),
    payment: (id: number) => api.get<PaymentView>(`/payments/${id}`),
    history: (filter: PaymentFilter) => api.get<PaymentList>('/payments', { limit: 50, filter }),
    cancel: (id: number) => api.post<PaymentView>(`/payments/${id}/cancel`),
    wallets: () => api.get<UserWallet[]>('/users/self/wallets'),
    rates: () => api.get<ExchangeRates>('/payments/exchange/rates'),
    exchange: (from: string, to: string, amount: number) =>
      api.post<Exchange>('/payments/exchange', { from, to, amount }),
    gameHistory: () => api.get<GameHistory>('/users/self/gameHistory', { limit: 50, offset: 0 }),
    requestEmail: () => api.post('/users/self/requestConfirm'),
  };
}

export type CashierApi = ReturnType<typeof cashierApi>;

/** The e-mail confirmation asked again from the cashier's gate: sent, or the refusal in Russian. */
export async function requestEmailAgain(cashier: CashierApi) {
  const answer = await cashier.requestEmail();
  return answer.status === 200
    ? { sent: true, error: null }
    : { sent: false, error: messageOf(answer.error) };
}

/** A payment the player asked for in the deposit's or the withdrawal's form. */
export interface PaymentOrder {
  system: string;
  amount: number;
  requisites: Record<string, string>;
}

/**
 * The deposit's and the withdrawal's action: the e-mail asked again from the gate, a sum that is not
 * one (typed in the player's currency), or the payment `pay` makes, whose success `done` turns into
 * the page's answer or a redirect; a refusal is shown in Russian.
 */
export async function paymentAction<T, R>(
  { request, context }: ActionFunctionArgs,
  pay: (cashier: CashierApi, order: PaymentOrder) => Promise<ApiResponse<T>>,
  done: (created: T) => R,
) {
  const form = await request.formData();
  const cashier = cashierApi(await serverApi(request, context));
  if (form.get('intent') === 'request-email') return requestEmailAgain(cashier);
  const amount = sumFrom(form, currentPlayer(context)?.currency ?? DEFAULT_CURRENCY);
  if (amount === null) return invalidForm({ sent: false });
  const system = String(form.get('system') ?? '');
  const answer = await pay(cashier, { system, amount, requisites: requisitesFrom(form) });
  if (answer.data) return done(answer.data);
  // The turnover rule says how much is left to stake, not only that something is (issue 20).
  const error = answer.error;
  if (error?.fields?.amount === PaymentMessage.wagerRequired && typeof error.remaining === 'number') {
    const currency = typeof error.currency === 'string' ? error.currency : DEFAULT_CURRENCY;
    return data(
      { sent: false, error: ru.cashier.wagerLeft(formatAmount(error.remaining, currency)) },
      { status: answer.status },
    );
  }
  return refusal(answer, { sent: false });
}
