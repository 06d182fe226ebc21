import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER, type ProviderAnswer } from '@kometa/contracts';
import { signBody, verifyBody, type SigningKey } from './signature.ts';

export interface ProviderClientOptions {
  /** The casino's base URL, e.g. https://casino.example (the API lives under /api/provider). */
  casinoUrl: string;
  provider: string;
  key: SigningKey;
  /** Checks the casino's answer signature too (HMAC providers). */
  verifyAnswers?: boolean;
  timeoutMs?: number;
}

export interface ProviderResponse {
  httpStatus: number;
  answer: ProviderAnswer;
  /** Whether the casino signed its answer correctly (null when not checked). */
  signedCorrectly: boolean | null;
}

/** A game provider's client for the seamless-wallet API, over real HTTP. */
export function createProviderClient(options: ProviderClientOptions) {
  const base = options.casinoUrl.replace(/\/+$/, '');
  return {
    async call(
      path: string,
      body: unknown,
      override?: { signature?: string; raw?: string },
    ): Promise<ProviderResponse> {
      const raw = override?.raw ?? JSON.stringify(body);
      const response = await fetch(`${base}/api/provider${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_ID_HEADER]: options.provider,
          [PROVIDER_SIGNATURE_HEADER]: override?.signature ?? signBody(raw, options.key),
        },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
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
