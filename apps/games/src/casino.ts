import {
  ProviderStatus,
  type ProviderAnswer,
  type ProviderBetRequest,
  type ProviderFreeRounds,
  type ProviderRollbackRequest,
  type ProviderUserInfoRequest,
  type ProviderWinRequest,
} from '@kometa/contracts';
import { createProviderClient } from '@kometa/provider-kit';

/** The player behind a launch token, as the casino's `/user/info` answers it (with free rounds, ADR 031). */
export type CasinoPlayer = Required<Pick<ProviderAnswer, 'user' | 'currency' | 'balance'>> & {
  freeRounds: ProviderFreeRounds[];
  /** Autoplay rounds the operator allows this player on the session's game (ADR 046). */
  autoplayRounds: number;
};

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
    // A keep-alive connection the casino's balancer closes as a call goes out breaks that call before
    // it arrives; the same call on a new connection settles it (idempotent by its ids, ADR 014).
    resends: 2,
  });
  // The bodies are the provider contract's own types: a change of the contract fails this typecheck.
  async function call(
    path: string,
    body: ProviderUserInfoRequest | ProviderBetRequest | ProviderWinRequest | ProviderRollbackRequest,
  ): Promise<ProviderAnswer> {
    const response = await client.call(path, body);
    if (response.signedCorrectly === false)
      throw new Error(`the casino's answer to ${path} is not signed by it`);
    return response.answer;
  }
  return {
    async player(token: string): Promise<CasinoPlayer | null> {
      const answer = await call('/user/info', { request_uuid: crypto.randomUUID(), token });
      if (answer.status !== ProviderStatus.OK || answer.user === undefined) return null;
      return {
        user: answer.user,
        currency: answer.currency ?? 'RUB',
        balance: answer.balance ?? 0,
        freeRounds: answer.free_rounds ?? [],
        autoplayRounds: answer.autoplay_rounds ?? 0,
      };
    },
    bet: (body: ProviderBetRequest) => call('/transaction/bet', body),
    win: (body: ProviderWinRequest) => call('/transaction/win', body),
    rollback: (body: ProviderRollbackRequest) => call('/transaction/rollback', body),
  };
}

export type Casino = ReturnType<typeof createCasino>;
