import type { PaymentProvider, StatementLine } from './providers/provider.ts';

/**
 * What the back office reads of the cashier (ADR 039): the providers' statements for the
 * reconciliation.
 */
export function createReconciliationFeed(providers: ReadonlyMap<string, PaymentProvider>) {
  return {
    /** Every provider's settled payments in [from, to) from its own records; null: it has no statement. */
    async statements(
      from: Date,
      to: Date,
      currency: string,
    ): Promise<{ provider: string; lines: StatementLine[] | null }[]> {
      return Promise.all(
        [...providers.values()].map(async (provider) => ({
          provider: provider.id,
          lines: provider.statement ? await provider.statement(from, to, currency) : null,
        })),
      );
    },
  };
}
