import type { GameProviderConfig } from '../../config.ts';
import type { Cache } from '../../platform/cache/cache.ts';
import { createSealer } from '../../platform/secrets.ts';
import type { ProvidersRepository } from './providers.repository.ts';
import type { GameProviderKeys } from './seamless.routes.ts';

/** Kometa's own game server plays these two: their secret is shared with it by configuration. */
export const BUILT_IN_PROVIDERS: Readonly<Record<string, string>> = {
  kometa: 'Kometa',
  demo: 'Демо-студия Kometa',
};

export interface ProviderState {
  id: string;
  name: string;
  source: 'built_in' | 'configuration' | 'back_office';
  signing: 'hmac' | 'rsa';
  launchUrl: string;
  active: boolean;
  secretHint: string | null;
  secretRotatedAt: Date | null;
  keys: GameProviderKeys;
}

const CHANGED = 'seamless:providers-changed';
export const hintOf = (secret: string) => `…${secret.slice(-4)}`;

/**
 * The game providers as the provider API and the launcher see them (ADR 037): the configuration's
 * (Kometa's own two, GAME_PROVIDERS) with what the back office changed on top (a provider switched off,
 * a rotated secret, a provider added there). Read once, kept in memory (a provider call costs a map
 * lookup), read again when this instance changes it or another one says it did.
 */
export function createProviderRegistry(deps: {
  configured: GameProviderConfig[];
  repository: ProvidersRepository;
  appSecret: string;
  bus?: Pick<Cache, 'publish' | 'subscribe'> | undefined;
}) {
  const sealer = createSealer(deps.appSecret, 'game-provider-secret');
  let current: Map<string, ProviderState> | undefined;
  let loading: Promise<Map<string, ProviderState>> | undefined;
  let subscribed = false;

  const hmacKeys = (id: string, secret: string): GameProviderKeys => ({
    id,
    verify: { hmacSecret: secret },
    hmacSecret: secret,
  });

  async function load(): Promise<Map<string, ProviderState>> {
    const records = new Map((await deps.repository.all()).map((r) => [r.id, r]));
    const states = new Map<string, ProviderState>();
    for (const p of deps.configured) {
      const record = records.get(p.id);
      const rotated = record?.secretSealed ? sealer.open(record.secretSealed) : undefined;
      const secret = rotated ?? p.hmacSecret ?? null;
      states.set(p.id, {
        id: p.id,
        name: record?.name ?? BUILT_IN_PROVIDERS[p.id] ?? p.id,
        source: p.id in BUILT_IN_PROVIDERS ? 'built_in' : 'configuration',
        signing: secret === null ? 'rsa' : 'hmac',
        launchUrl: p.launchUrl,
        active: record?.active ?? true,
        secretHint: rotated ? record!.secretHint : secret && hintOf(secret),
        secretRotatedAt: rotated ? record!.secretRotatedAt : null,
        keys:
          secret === null
            ? { id: p.id, verify: { rsaPublicKey: p.rsaPublicKey ?? '' }, hmacSecret: null }
            : hmacKeys(p.id, secret),
      });
    }
    for (const record of records.values()) {
      if (states.has(record.id) || !record.launchUrl || !record.secretSealed) continue;
      const secret = sealer.open(record.secretSealed);
      if (!secret) continue;
      states.set(record.id, {
        id: record.id,
        name: record.name ?? record.id,
        source: 'back_office',
        signing: 'hmac',
        launchUrl: record.launchUrl,
        active: record.active,
        secretHint: record.secretHint,
        secretRotatedAt: record.secretRotatedAt,
        keys: hmacKeys(record.id, secret),
      });
    }
    return states;
  }

  function reload(): Promise<Map<string, ProviderState>> {
    loading ??= load()
      .then((states) => (current = states))
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  async function all(): Promise<Map<string, ProviderState>> {
    if (!subscribed && deps.bus) {
      subscribed = true;
      await deps.bus.subscribe(CHANGED, () => void reload().catch(() => undefined));
    }
    return current ?? reload();
  }

  return {
    all,
    /** The keys a provider's calls are checked with; undefined for an unknown provider. */
    keys: async (id: string) => (await all()).get(id)?.keys,
    /** Where a provider's game opens; undefined when unknown or switched off. */
    async launchUrl(id: string): Promise<string | undefined> {
      const state = (await all()).get(id);
      return state?.active ? state.launchUrl : undefined;
    },
    seal: (secret: string) => sealer.seal(secret),
    /** After a change: this instance reads again at once, the others when told. */
    async changed(): Promise<void> {
      current = undefined;
      await reload();
      await deps.bus?.publish(CHANGED, '1');
    },
  };
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
