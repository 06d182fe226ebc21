/** Payment operation types and statuses of spec §4 (no schema library: the site's bundle imports them). */
export const OperationType = {
  DEPOSIT: 1,
  WITHDRAW: 2,
  DEPOSIT_LOCAL: 3,
  WITHDRAW_LOCAL: 4,
  BONUS_DEPOSIT: 7,
  BONUS_WITHDRAW: 8,
} as const;
export type OperationTypeValue = (typeof OperationType)[keyof typeof OperationType];

export const PaymentStatus = {
  NEW: 1,
  PROCESS: 2,
  SUCCESS: 3,
  FAIL: 4,
  MANUAL: 5,
  CONFIRMED: 6,
  ACCEPTED: 7,
  VERIFY: 8,
  REFUND_CONTROVERSIAL: 9,
  CANCELLED: 10,
  DELAYED: 11,
} as const;
export type PaymentStatusValue = (typeof PaymentStatus)[keyof typeof PaymentStatus];
