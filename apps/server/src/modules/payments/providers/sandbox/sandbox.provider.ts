import { z } from 'zod';
import { PaymentStatus, currencyCode, type PaymentStatusValue } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../../../platform/clock.ts';
import type { JobQueue } from '../../../../platform/jobs/job-queue.ts';
import type { Logger } from '../../../../platform/logger.ts';
import { randomToken, type Rng } from '../../../../platform/rng.ts';
import type { PaymentProvider, WebhookCheck } from '../provider.ts';
import type { SandboxRepository } from './sandbox.repository.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody, verifySandboxSignature } from './sandbox.signature.ts';

/** What the tester chooses on the sandbox's payment page. */
export const SANDBOX_OUTCOMES = ['success', 'fail', 'pending', 'delayed'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

const SANDBOX_STATUS = ['processing', 'success', 'fail', 'delayed'] as const;
type SandboxStatus = (typeof SANDBOX_STATUS)[number];

const TO_PAYMENT_STATUS: Record<SandboxStatus, PaymentStatusValue> = {
  processing: PaymentStatus.PROCESS,
  success: PaymentStatus.SUCCESS,
  fail: PaymentStatus.FAIL,
  delayed: PaymentStatus.DELAYED,
};

/** The sandbox's webhook body (its documented API). */
export const sandboxWebhookBody = z.strictObject({
  event_id: z.string().min(1).max(64),
  reference: z.string().min(1).max(64),
  kind: z.enum(['deposit', 'payout']),
  status: z.enum(SANDBOX_STATUS),
  amount: z.number().int().positive(),
  currency: currencyCode,
  sent_at: z.number().int(),
});

const DELIVER = 'sandbox.webhook';
/** Like real providers, the sandbox repeats a final notification and sends a stale one late. */
export const SANDBOX_TIMING = { repeatAfterMs: 20_000, staleAfterMs: 10_000, delayedSettlesAfterMs: 120_000 };

/** Destinations the sandbox declines, so testers can see a failed payout. */
function declines(kind: string, value: string): boolean {
  return kind === 'purse' ? value.toUpperCase().startsWith('DECLINE') : value.endsWith('0002');
}

/**
 * The sandbox payment provider (ADR 013): its own hosted payment page where the tester picks the
 * outcome, its own books, and signed webhooks delivered over HTTP to the cashier by the job queue,
 * repeated and sometimes late, as real providers do.
 */
export function createSandboxProvider(deps: {
  repository: SandboxRepository;
  jobs: JobQueue;
  clock: Clock;
  rng: Rng;
  log: Logger;
  secret: string;
  /** Where the sandbox's hosted page lives (this server's public address). */
  publicUrl: () => string;
}) {
  const { repository, clock } = deps;

  async function notify(reference: string, status: SandboxStatus, delayMs = 0): Promise<void> {
    const eventId = `evt_${randomToken(deps.rng, 96)}`;
    await deps.jobs.enqueue(DELIVER, { reference, status, eventId }, { runAt: clock.now() + delayMs });
  }

  async function settle(reference: string, status: SandboxStatus): Promise<void> {
    await repository.setStatus(reference, status, new Date(clock.now()));
    await notify(reference, status);
    if (status === 'success' || status === 'fail') {
      await notify(reference, status, SANDBOX_TIMING.repeatAfterMs);
      await notify(reference, 'processing', SANDBOX_TIMING.staleAfterMs);
    }
  }

  deps.jobs.define<{ reference: string; status: SandboxStatus; eventId: string }>(DELIVER, {
    maxAttempts: 10,
    backoffMs: 5_000,
    handler: async ({ payload }) => {
      const row = await repository.find(payload.reference);
      if (!row) return;
      const body = JSON.stringify({
        event_id: payload.eventId,
        reference: row.reference,
        kind: row.kind,
        status: payload.status,
        amount: row.amount,
        currency: row.currency as CurrencyCode,
        sent_at: Math.floor(clock.now() / 1000),
      } satisfies z.infer<typeof sandboxWebhookBody>);
      const response = await fetch(`${deps.publicUrl()}/api/v18/payments/webhook/sandbox`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(deps.secret, body, Math.floor(clock.now() / 1000)),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok && response.status !== 404 && response.status !== 409) {
        throw new Error(`cashier answered the sandbox webhook with ${response.status}`);
      }
    },
  });
  deps.jobs.define<{ reference: string }>('sandbox.payout', {
    handler: async ({ payload }) => {
      const row = await repository.find(payload.reference);
      if (!row || row.status !== 'processing') return;
      const destination = row.destinationToken
        ? await repository.destination(row.destinationToken)
        : undefined;
      await settle(row.reference, destination && !destination.declines ? 'success' : 'fail');
    },
  });

  deps.jobs.define<{ reference: string }>('sandbox.settle-delayed', {
    handler: async ({ payload }) => {
      const row = await repository.find(payload.reference);
      if (row?.status === 'delayed') await settle(row.reference, 'success');
    },
  });

  const provider: PaymentProvider = {
    id: 'sandbox',

    async statement(from, to, currency) {
      return (await repository.settled(from, to, currency)).map((row) => ({
        kind: row.kind,
        paymentId: row.merchantPaymentId,
        reference: row.reference,
        amount: row.amount,
        currency: row.currency,
        at: row.updatedAt,
      }));
    },

    async startDeposit(input) {
      const reference = `sbx_${randomToken(deps.rng, 128)}`;
      const now = new Date(clock.now());
      await repository.insert({
        reference,
        kind: 'deposit',
        merchantPaymentId: input.paymentId,
        amount: input.amount,
        currency: input.currency,
        status: 'new',
        returnUrl: input.returnUrl,
        createdAt: now,
        updatedAt: now,
      });
      const page = `${deps.publicUrl()}/sandbox/pay/${reference}`;
      if (input.payer.phone === undefined) return { reference, redirectUrl: page, instructions: null };
      // A transfer by phone (SBP): details to pay to; the tester settles it on the sandbox's page.
      return {
        reference,
        redirectUrl: null,
        instructions: {
          details: {
            Получатель: 'ООО «Песочница»',
            'Телефон получателя': '+7 900 000-00-00',
            Банк: 'Песочница-банк',
            'Комментарий к переводу': reference.slice(-8).toUpperCase(),
            'Страница песочницы': page,
          },
          sum: input.amount,
          expiresAt: Math.floor(clock.now() / 1000) + 30 * 60,
        },
      };
    },

    async registerDestination({ kind, value }) {
      const token = `dst_${randomToken(deps.rng, 128)}`;
      await repository.insertDestination({
        token,
        kind,
        masked: value.length > 4 ? `…${value.slice(-4)}` : value,
        declines: declines(kind, value),
        createdAt: new Date(clock.now()),
      });
      return token;
    },

    async startPayout(input) {
      const reference = `sbx_${randomToken(deps.rng, 128)}`;
      const now = new Date(clock.now());
      const made = await repository.insertPayoutOnce({
        reference,
        kind: 'payout',
        merchantPaymentId: input.paymentId,
        amount: input.amount,
        currency: input.currency,
        status: 'processing',
        destinationToken: input.destinationToken,
        createdAt: now,
        updatedAt: now,
      });
      // Asked again for the same payment (its job ran again after a crash): the same payout answers.
      if (!made) return { reference: (await repository.payoutOf(input.paymentId))!.reference };
      await notify(reference, 'processing');
      await deps.jobs.enqueue('sandbox.payout', { reference }, { runAt: clock.now() + 5_000 });
      return { reference };
    },

    checkWebhook(rawBody, headers): WebhookCheck {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const verdict = verifySandboxSignature(
        deps.secret,
        rawBody,
        typeof header === 'string' ? header : undefined,
        Math.floor(clock.now() / 1000),
      );
      if (verdict !== 'ok') return { ok: false, reason: verdict };
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const body = sandboxWebhookBody.safeParse(parsed);
      if (!body.success) return { ok: false, reason: 'malformed' };
      return {
        ok: true,
        event: {
          reference: body.data.reference,
          eventId: body.data.event_id,
          status: TO_PAYMENT_STATUS[body.data.status],
          amount: body.data.amount,
          currency: body.data.currency as CurrencyCode,
        },
      };
    },

    async queryStatus(reference) {
      const row = await repository.find(reference);
      if (!row) return null;
      return (SANDBOX_STATUS as readonly string[]).includes(row.status)
        ? TO_PAYMENT_STATUS[row.status as SandboxStatus]
        : null;
    },
  };

  return {
    provider,
    find: (reference: string) => repository.find(reference),
    /** The tester's choice on the hosted page. Only an open deposit can be decided; later clicks are no-ops. */
    async choose(reference: string, outcome: SandboxOutcome): Promise<boolean> {
      const row = await repository.find(reference);
      if (!row || row.kind !== 'deposit' || !['new', 'processing', 'delayed'].includes(row.status))
        return false;
      if (outcome === 'success') await settle(reference, 'success');
      if (outcome === 'fail') await settle(reference, 'fail');
      if (outcome === 'pending') {
        await repository.setStatus(reference, 'processing', new Date(clock.now()));
        await notify(reference, 'processing');
      }
      if (outcome === 'delayed') {
        await repository.setStatus(reference, 'delayed', new Date(clock.now()));
        await notify(reference, 'delayed');
        await deps.jobs.enqueue(
          'sandbox.settle-delayed',
          { reference },
          { runAt: clock.now() + SANDBOX_TIMING.delayedSettlesAfterMs },
        );
      }
      return true;
    },
  };
}

export type Sandbox = ReturnType<typeof createSandboxProvider>;
