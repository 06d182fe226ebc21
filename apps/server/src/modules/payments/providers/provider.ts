import type { PaymentStatusValue } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';

/** A deposit opened at the provider: a hosted page to send the player to, or details to pay to. */
export interface DepositStart {
  reference: string;
  redirectUrl: string | null;
  instructions: { details: Record<string, string>; sum: number; expiresAt: number } | null;
}

/** What a provider's notification says about one of its payments. */
export interface ProviderEvent {
  /** The provider's own id for the payment. */
  reference: string;
  status: PaymentStatusValue;
  /** The provider's id for this notification (the same event may be delivered more than once). */
  eventId: string;
  amount: number;
  currency: CurrencyCode;
}

export type WebhookCheck =
  { ok: true; event: ProviderEvent } | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

/** One settled payment in a provider's own books (its statement, for the reconciliation, ADR 039). */
export interface StatementLine {
  kind: 'deposit' | 'payout';
  /** Kometa's payment id the provider was given. */
  paymentId: number;
  reference: string;
  amount: number;
  currency: string;
  /** When the provider settled it. */
  at: Date;
}

/**
 * A payment provider behind the cashier (ADR 013). Kometa ships the sandbox; real providers are
 * operator integrations implementing the same interface.
 */
export interface PaymentProvider {
  readonly id: string;
  /** Opens a deposit at the provider: its reference, and the hosted page to send the player to. */
  startDeposit(input: {
    paymentId: number;
    amount: number;
    currency: CurrencyCode;
    returnUrl: string;
    /** What the player gave the payment system (a payer phone for a transfer), unmasked, not stored. */
    payer: Record<string, string>;
  }): Promise<DepositStart>;
  /** Registers where a payout goes (a card, a phone, a purse) and answers the provider's token for it. */
  registerDestination(input: { kind: string; value: string }): Promise<string>;
  /**
   * Sends a confirmed withdrawal to the provider, idempotent by `paymentId`: asked again for the same
   * payment (the payout job retried after a crash), the provider answers the payout it already has.
   */
  startPayout(input: {
    paymentId: number;
    amount: number;
    currency: CurrencyCode;
    destinationToken: string;
  }): Promise<{ reference: string }>;
  /** Checks a notification's signature on its raw body, and reads it. */
  checkWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookCheck;
  /** Asks the provider where a payment stands (for payments whose notification never came). */
  queryStatus(reference: string): Promise<PaymentStatusValue | null>;
  /** The provider's statement: the payments it settled successfully in a period (its own records). */
  statement?(from: Date, to: Date, currency: string): Promise<StatementLine[]>;
}
