import { ProviderStatus, type ProviderAnswer } from '@kometa/contracts';
import { createProviderClient } from '@kometa/provider-kit';

export interface CasinoPlayer {
  user: string;
  currency: string;
  balance: number;
}

/** The casino, seen from our game server: a provider like any other, over signed HTTP (ADR 014). */
export function createCasino(options: {
  url: string;
  secret: string;
  provider?: string;
  timeoutMs?: number;
}) {
  const client = createProviderClient({
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    casinoUrl: options.url,
    provider: options.provider ?? 'kometa',
    key: { hmacSecret: options.secret },
    verifyAnswers: true,
  });
  async function call(path: string, body: object): Promise<ProviderAnswer> {
    const response = await client.call(path, body);
    if (response.signedCorrectly === false)
      throw new Error(`the casino's answer to ${path} is not signed by it`);
    return response.answer;
  }
  return {
    async player(token: string): Promise<CasinoPlayer | null> {
      const answer = await call('/user/info', { request_uuid: crypto.randomUUID(), token });
      if (answer.status !== ProviderStatus.OK || answer.user === undefined) return null;
      return { user: answer.user, currency: answer.currency ?? 'RUB', balance: answer.balance ?? 0 };
    },
    bet: (body: object) => call('/transaction/bet', body),
    win: (body: object) => call('/transaction/win', body),
    rollback: (body: object) => call('/transaction/rollback', body),
  };
}

export type Casino = ReturnType<typeof createCasino>;
