import { PaymentMessage, type RequisiteKind } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SettingsService } from '../settings/index.ts';
import type { PaymentGates } from './gates.ts';
import type { PaymentDirection } from './payment-status.ts';
import type { PaymentRow, PaymentsRepository, PaymentSystemRow } from './payments.repository.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { checkRequisites, maskRequisite } from './requisites.ts';
import type { MovePayment } from './status-changes.service.ts';

export type Requisites = Partial<Record<RequisiteKind, string>>;

/**
 * What a withdrawal asks the gifts (ADR 030): inside its transaction, the bonus wagering in its
 * currency is forfeited when the player agreed to it; without that agreement, and something to
 * forfeit, the withdrawal is refused with what it would keep and forfeit.
 */
export interface WithdrawalBonusGuard {
  forfeitForWithdrawal(
    tx: Db,
    userId: number,
    currency: string,
    reason: string,
    agreed: boolean,
  ): Promise<number>;
}

/** What the cashier asks player protection (the protection module's service fits it). */
export interface DepositGuard {
  checkDeposit(
    tx: Db,
    player: { id: number; currency: string; email: string | null; phone: string | null },
    amount: number,
  ): Promise<void>;
  checkPaymentDetails(
    tx: Db,
    player: { id: number; currency: string; email: string | null; phone: string | null },
    values: string[],
  ): Promise<void>;
  depositRemaining(player: {
    id: number;
    currency: string;
    email: string | null;
    phone: string | null;
  }): Promise<number | null>;
}

export const invalid = (fields: Record<string, string>, extra?: Record<string, unknown>) =>
  new AppError('VALIDATION_ERROR', { fields, ...(extra ? { extra } : {}) });

/** Requisites as the payment keeps them: masked, never the full card or wallet number. */
const masked = (values: Requisites) =>
  Object.fromEntries(
    Object.entries(values).map(([kind, value]) => [kind, maskRequisite(kind as RequisiteKind, value)]),
  );

/**
 * A retry under the same Idempotency-Key must be the same request: the key reused for another
 * amount, system or direction is refused, never answered with the first payment (ADR 024).
 */
function assertSameRequest(
  existing: PaymentRow,
  wanted: { direction: 'deposit' | 'withdrawal'; systemId: string; amount: number; tip: number },
): void {
  if (
    existing.direction !== wanted.direction ||
    existing.systemId !== wanted.systemId ||
    existing.amount !== wanted.amount ||
    (existing.tip ?? 0) !== wanted.tip
  )
    throw new AppError('IDEMPOTENCY_CONFLICT');
}

/**
 * What a deposit and a withdrawal request both pass: an open payment system of the player's currency,
 * its amount limits, its requisites (kept masked), and a retry that is the same request.
 */
export function createRequestChecks(deps: { repository: PaymentsRepository; clock: Clock }) {
  return {
    masked,
    assertSameRequest,

    async system(id: string, direction: PaymentDirection, currency: string): Promise<PaymentSystemRow> {
      const found = await deps.repository.system(id);
      if (!found || found.direction !== direction)
        throw invalid({ system: PaymentMessage.systemUnavailable });
      if (!found.active) throw invalid({ system: PaymentMessage.systemUnavailable });
      if (found.currency !== currency) throw invalid({ system: PaymentMessage.currencyMismatch });
      return found;
    },

    checkAmount(found: PaymentSystemRow, amount: number, direction: PaymentDirection): void {
      const less =
        direction === 'deposit' ? PaymentMessage.depositLessAmount : PaymentMessage.withdrawalLessAmount;
      const more =
        direction === 'deposit' ? PaymentMessage.depositMoreAmount : PaymentMessage.withdrawalMoreAmount;
      const limits = { limits: { min: found.minAmount, max: found.maxAmount } };
      if (amount < found.minAmount) throw invalid({ amount: less }, limits);
      if (amount > found.maxAmount) throw invalid({ amount: more }, limits);
      if (found.multipleOf !== null && amount % found.multipleOf !== 0) {
        throw invalid({ amount: PaymentMessage.sumMultipleOfTen }, { multipleOf: found.multipleOf });
      }
    },

    requisitesOf(found: PaymentSystemRow, given: Requisites | undefined): Requisites {
      const checked = checkRequisites(found.requisites as RequisiteKind[], given, new Date(deps.clock.now()));
      if (!checked.ok) throw invalid(checked.fields, { expected: checked.expected });
      return checked.values;
    },
  };
}

export type RequestChecks = ReturnType<typeof createRequestChecks>;

/** What the deposit and the withdrawal use cases both work with. */
export interface PaymentRequestDeps {
  db: Db;
  repository: PaymentsRepository;
  checks: RequestChecks;
  gates: PaymentGates;
  settings: SettingsService;
  protection: DepositGuard;
  providerOf: (name: string) => PaymentProvider;
  move: MovePayment;
  clock: Clock;
}
