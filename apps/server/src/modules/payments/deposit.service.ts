import { OperationType, PaymentMessage, PaymentStatus } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Authenticated } from '../accounts/index.ts';
import { invalid, type PaymentRequestDeps, type Requisites } from './payment-requests.ts';
import type { PaymentRow } from './payments.repository.ts';
import type { DepositStart } from './providers/provider.ts';

/** A retry answers the deposit it already opened: the provider's page is not shown a second time. */
const NOT_REOPENED = { redirectUrl: null, instructions: null };

/**
 * A deposit (ADR 013): checked, recorded NEW under the player's deposit limits, opened at its provider;
 * credited when the provider says it succeeded (a status change), failed when it stays open too long.
 */
export function createDepositService(
  deps: PaymentRequestDeps & {
    log: Logger;
    siteOrigin: string;
    /** Origins a returnUrl may point at (the site and the operator's other domains). */
    allowedReturnHosts: Set<string>;
    /** Open deposits older than this are asked about at the provider, then failed if still open. */
    depositTimeoutMs: number;
  },
) {
  const { repository, checks, move, clock } = deps;

  async function checkTip(tip: number): Promise<void> {
    if (tip === 0) return;
    const tips = await deps.settings
      .get<{ enabled?: boolean; min?: number; max?: number }>('tips')
      .catch(() => undefined);
    if (!tips?.enabled) throw invalid({ tip: 'errors.invalid' });
    if (typeof tips.min === 'number' && tip < tips.min) throw invalid({ tip: PaymentMessage.tipLessAmount });
    if (typeof tips.max === 'number' && tip > tips.max) throw invalid({ tip: PaymentMessage.tipMoreAmount });
  }

  /** Where the provider sends the player back: their own returnUrl on an operator domain, else the
   * pending page on the site address they are on (ADR 041). */
  function returnUrlFor(paymentId: number, wanted: string | undefined, siteOrigin: string): string {
    if (wanted !== undefined && deps.allowedReturnHosts.has(new URL(wanted).host)) return wanted;
    return `${siteOrigin.replace(/\/+$/, '')}/deposit-pending/${paymentId}`;
  }

  /**
   * Opens a NEW deposit at its provider and records where. Only the provider's refusal fails the
   * payment: a database or network that cannot be reached (ours, or the sandbox's, which shares it) is
   * a 503 the player retries with the same Idempotency-Key, and that retry opens the deposit.
   */
  async function openDeposit(
    payment: PaymentRow,
    payer: Record<string, string>,
    wantedReturnUrl: string | undefined,
    siteOrigin: string,
  ): Promise<{ payment: PaymentRow; started: Omit<DepositStart, 'reference'> }> {
    const returnUrl = returnUrlFor(payment.id, wantedReturnUrl, siteOrigin);
    let started: DepositStart;
    try {
      started = await deps.providerOf(payment.provider).startDeposit({
        paymentId: payment.id,
        amount: payment.amount + payment.tip,
        currency: payment.currency as CurrencyCode,
        returnUrl,
        payer,
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      deps.log.error({ err: error, paymentId: payment.id }, 'the provider refused to open a deposit');
      await move(payment.id, PaymentStatus.FAIL, 'provider-error');
      throw invalid({ system: PaymentMessage.systemUnavailable });
    }
    // Outside the catch: failing to record the reference is our database's failure, never a refusal.
    if (!(await repository.recordOpening(payment.id, started.reference, returnUrl))) {
      // Another attempt opened it first (or the timeout failed it): its page is the only one shown.
      return { payment: (await repository.find(payment.id)) ?? payment, started: NOT_REOPENED };
    }
    return {
      payment: { ...payment, providerReference: started.reference, returnUrl },
      started: { redirectUrl: started.redirectUrl, instructions: started.instructions },
    };
  }

  return {
    async createDeposit(
      auth: Authenticated,
      body: {
        system: string;
        amount: number;
        tip?: number | undefined;
        requisites?: Requisites | undefined;
        returnUrl?: string | undefined;
      },
      clientKey: string | null,
      siteOrigin: string = deps.siteOrigin,
    ): Promise<{ payment: PaymentRow; started: Omit<DepositStart, 'reference'> }> {
      await deps.gates.check(auth, 'deposit');
      const found = await checks.system(body.system, 'deposit', auth.user.currency);
      checks.checkAmount(found, body.amount, 'deposit');
      const tip = body.tip ?? 0;
      await checkTip(tip);
      const values = checks.requisitesOf(found, body.requisites);
      const now = new Date(clock.now());
      const player = {
        id: auth.user.id,
        currency: found.currency,
        email: auth.user.email,
        phone: auth.user.phone,
      };
      // The limit check and the deposit's row in one transaction under the player's lock: two
      // concurrent deposits cannot both fit under the same remainder. A retry of the same request
      // answers the deposit it opened.
      const { payment, created } = await deps.db.transaction(async (tx) => {
        const retried = clientKey ? await repository.byClientKey(auth.user.id, clientKey, tx) : undefined;
        if (retried) {
          checks.assertSameRequest(retried, {
            direction: 'deposit',
            systemId: found.id,
            amount: body.amount,
            tip,
          });
          return { payment: retried, created: false };
        }
        await deps.protection.checkDeposit(tx, player, body.amount + tip);
        await deps.protection.checkPaymentDetails(tx, player, Object.values(values));
        return repository.insert(
          {
            userId: auth.user.id,
            direction: 'deposit',
            operationType: OperationType.DEPOSIT,
            status: PaymentStatus.NEW,
            systemId: found.id,
            provider: found.provider,
            currency: found.currency,
            amount: body.amount,
            tip,
            requisites: checks.masked(values),
            clientKey,
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
      });
      // A retry answers the deposit it opened, unless its opening never finished (the database failed,
      // or the process died, before the provider's reference was recorded): then it opens it now.
      if (!created && (payment.status !== PaymentStatus.NEW || payment.providerReference !== null)) {
        return { payment, started: NOT_REOPENED };
      }
      return openDeposit(payment, values, body.returnUrl, siteOrigin);
    },

    /** The expiry job: open deposits past the timeout are asked about at the provider, else failed. */
    async expireStale(): Promise<void> {
      const stale = await repository.staleDeposits(new Date(clock.now() - deps.depositTimeoutMs), 100);
      for (const payment of stale) {
        const atProvider = payment.providerReference
          ? await deps
              .providerOf(payment.provider)
              .queryStatus(payment.providerReference)
              .catch(() => null)
          : null;
        if (atProvider === PaymentStatus.SUCCESS)
          await move(payment.id, PaymentStatus.SUCCESS, 'timeout-query');
        else await move(payment.id, PaymentStatus.FAIL, 'timeout', { atProvider });
      }
    },
  };
}
