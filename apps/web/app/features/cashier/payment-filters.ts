/** The payment history's kinds (spec §2.1 /payment/history/{filter?}). */
export const PAYMENT_FILTERS = ['all', 'deposit', 'withdrawal'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
