import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER, type ProviderAnswer } from '@kometa/contracts';
import { signBody, verifyBody, type SigningKey } from './signature.ts';

export interface ProviderClientOptions {
  /** The casino's base URL, e.g. https://casino.example (the API lives under /api/provider). */
  casinoUrl: string;
  provider: string;
  key: SigningKey;
  /** Checks the casino's answer signature too (HMAC providers). */
  verifyAnswers?: boolean;
  /** The whole call's time, its sends again included. */
  timeoutMs?: number;
  /**
   * How many times a call whose connection broke before any answer is sent again, the same bytes on a
   * new connection (0 unless set: the conformance kit sees a casino as it is). Safe for this API only
   * because every call is idempotent by its ids: a repeat answers the stored original (ADR 014).
   */
  resends?: number;
}

export interface ProviderResponse {
  httpStatus: number;
  answer: ProviderAnswer;
  /** Whether the casino signed its answer correctly (null when not checked). */
  signedCorrectly: boolean | null;
}

/**
 * Errors of a connection lost before its answer: the peer closed or reset it (a keep-alive connection
 * the casino's balancer closed as the call went out is the usual one) or refused a new one.
 */
const CONNECTION_LOST = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE', 'ECONNREFUSED']);

function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CONNECTION_LOST.has(code);
}

/** Pauses before the n-th send again: at once first (a new connection is what it needs), then longer. */
const RESEND_PAUSES_MS = [0, 100, 400];

/** A game provider's client for the seamless-wallet API, over real HTTP. */
export function createProviderClient(options: ProviderClientOptions) {
  const base = options.casinoUrl.replace(/\/+$/, '');
  const resends = options.resends ?? 0;
  return {
    async call(
      path: string,
      body: unknown,
      override?: { signature?: string; raw?: string },
    ): Promise<ProviderResponse> {
      const raw = override?.raw ?? JSON.stringify(body);
      const headers = {
        'content-type': 'application/json',
        [PROVIDER_ID_HEADER]: options.provider,
        [PROVIDER_SIGNATURE_HEADER]: override?.signature ?? signBody(raw, options.key),
      };
      const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
      let response: Response;
      for (let attempt = 0; ; attempt++) {
        try {
          response = await fetch(`${base}/api/provider${path}`, {
            method: 'POST',
            headers,
            body: raw,
            signal,
          });
          break;
        } catch (error) {
          if (attempt >= resends || !isConnectionLost(error) || signal.aborted) throw error;
          const pause = RESEND_PAUSES_MS[Math.min(attempt, RESEND_PAUSES_MS.length - 1)]!;
          if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }
      const text = await response.text();
      const signature = response.headers.get(PROVIDER_SIGNATURE_HEADER) ?? undefined;
      const signedCorrectly =
        options.verifyAnswers && 'hmacSecret' in options.key
          ? verifyBody(Buffer.from(text), signature, { hmacSecret: options.key.hmacSecret })
          : null;
      return { httpStatus: response.status, answer: JSON.parse(text) as ProviderAnswer, signedCorrectly };
    },
  };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;
