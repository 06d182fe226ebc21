import { PaymentStatus, type PaymentStatusValue } from '@kometa/contracts';

const {
  NEW,
  PROCESS,
  SUCCESS,
  FAIL,
  MANUAL,
  CONFIRMED,
  ACCEPTED,
  VERIFY,
  REFUND_CONTROVERSIAL,
  CANCELLED,
  DELAYED,
} = PaymentStatus;

export type PaymentDirection = 'deposit' | 'withdrawal';

/**
 * The allowed status transitions (ADR 013), a whitelist per direction. Anything else, including a
 * late or repeated provider event, changes nothing.
 *
 * Deposit: NEW → PROCESS/DELAYED while the provider works, → SUCCESS (credited, exactly once, on entry)
 * or FAIL/CANCELLED (never credited). A succeeded deposit may only be disputed (REFUND_CONTROVERSIAL).
 *
 * Withdrawal: the amount is held at NEW. Review (MANUAL by an operator, VERIFY for documents; an operator
 * may move it between the two) ends in
 * CONFIRMED or FAIL; CONFIRMED goes to the provider (ACCEPTED → PROCESS/DELAYED) and ends in SUCCESS
 * (the hold is paid out) or FAIL/CANCELLED (the hold is released, exactly once).
 */
const TRANSITIONS: Record<PaymentDirection, Partial<Record<PaymentStatusValue, PaymentStatusValue[]>>> = {
  deposit: {
    [NEW]: [PROCESS, DELAYED, SUCCESS, FAIL, CANCELLED],
    [PROCESS]: [DELAYED, SUCCESS, FAIL, CANCELLED],
    [DELAYED]: [PROCESS, SUCCESS, FAIL, CANCELLED],
    [SUCCESS]: [REFUND_CONTROVERSIAL],
  },
  withdrawal: {
    [NEW]: [MANUAL, VERIFY, CONFIRMED, CANCELLED, FAIL],
    [MANUAL]: [CONFIRMED, VERIFY, FAIL, CANCELLED],
    [VERIFY]: [CONFIRMED, MANUAL, FAIL, CANCELLED],
    [CONFIRMED]: [ACCEPTED, PROCESS, SUCCESS, FAIL],
    [ACCEPTED]: [PROCESS, DELAYED, SUCCESS, FAIL],
    [PROCESS]: [DELAYED, SUCCESS, FAIL],
    [DELAYED]: [PROCESS, SUCCESS, FAIL],
  },
};

export function canMove(
  direction: PaymentDirection,
  from: PaymentStatusValue,
  to: PaymentStatusValue,
): boolean {
  return TRANSITIONS[direction][from]?.includes(to) ?? false;
}

export function isFinal(direction: PaymentDirection, status: PaymentStatusValue): boolean {
  return (TRANSITIONS[direction][status]?.length ?? 0) === 0 || status === SUCCESS;
}

/** What money does on entering a status (ledger keys make each of these happen at most once). */
export function moneyOnEntering(
  direction: PaymentDirection,
  to: PaymentStatusValue,
): 'credit' | 'payout' | 'release' | null {
  if (direction === 'deposit') return to === SUCCESS ? 'credit' : null;
  if (to === SUCCESS) return 'payout';
  if (to === FAIL || to === CANCELLED) return 'release';
  return null;
}

/** The statuses a player may still cancel a withdrawal in (before it reaches the provider). */
export const PLAYER_CANCELLABLE: readonly PaymentStatusValue[] = [NEW, MANUAL, VERIFY];

export const ALL_STATUSES = Object.values(PaymentStatus) as PaymentStatusValue[];
