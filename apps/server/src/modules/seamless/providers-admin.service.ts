import { randomBytes } from 'node:crypto';
import {
  CSV_MAX_ROWS,
  GamesAdminMessage,
  type PROVIDER_ADMIN_SORTS,
  type ProviderAdminRow,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toCsv } from '../../platform/http/csv.ts';
import type { AuditWriter, SignedInOperator } from '../operators/index.ts';
import { hintOf, type ProviderRegistry, type ProviderState } from './provider-registry.ts';
import type { ProvidersRepository } from './providers.repository.ts';

/** What the providers screen needs of other modules (bound in the composition). */
export interface ProvidersAdminPorts {
  audit: AuditWriter;
  /** The lobby shows a provider's games only while it is on: its caches are emptied (ADR 037). */
  lobbyChanged: () => Promise<void>;
}

type Sort = (typeof PROVIDER_ADMIN_SORTS)[number];

/**
 * Providers in the back office (ADR 037): the list, switching one on or off (its games leave the lobby
 * and cannot be launched; calls settling rounds already open are still answered), a new provider and a
 * new secret — generated here, answered once, kept sealed, shown afterwards as a hint only.
 */
export function createProvidersAdminService(deps: {
  db: Db;
  clock: Clock;
  repository: ProvidersRepository;
  registry: ProviderRegistry;
  ports: ProvidersAdminPorts;
}) {
  const { repository, registry, ports } = deps;
  const now = () => new Date(deps.clock.now());

  async function rows(): Promise<ProviderAdminRow[]> {
    const [states, counts] = await Promise.all([registry.all(), repository.gameCounts()]);
    return [...states.values()].map((state) => view(state, counts.get(state.id)));
  }

  const view = (state: ProviderState, counts?: { games: number; active: number }): ProviderAdminRow => ({
    id: state.id,
    name: state.name,
    active: state.active,
    source: state.source,
    signing: state.signing,
    secretHint: state.secretHint,
    secretRotatedAt: state.secretRotatedAt?.toISOString() ?? null,
    launchUrl: state.launchUrl,
    games: counts?.games ?? 0,
    activeGames: counts?.active ?? 0,
  });

  async function one(id: string): Promise<ProviderAdminRow> {
    const found = (await rows()).find((row) => row.id === id);
    if (!found) throw new AppError('NOT_FOUND', { message: GamesAdminMessage.providerNotFound });
    return found;
  }

  /** A new secret: 32 random bytes as hex (what HMAC-SHA256 wants), never stored in the clear. */
  const newSecret = () => randomBytes(32).toString('hex');
  const audited = (row: ProviderAdminRow) => ({
    active: row.active,
    secretHint: row.secretHint,
    launchUrl: row.launchUrl,
  });

  return {
    async list(query: {
      query?: string | undefined;
      state?: 'active' | 'disabled' | undefined;
      sort?: Sort | undefined;
      order: 'asc' | 'desc';
      page?: number;
      pageSize?: number;
    }) {
      const text = query.query?.toLowerCase();
      const filtered = (await rows()).filter(
        (row) =>
          (!text || row.id.includes(text) || row.name.toLowerCase().includes(text)) &&
          (!query.state || row.active === (query.state === 'active')),
      );
      const key = query.sort ?? 'id';
      const sign = query.order === 'asc' ? 1 : -1;
      filtered.sort((a, b) => {
        const by =
          key === 'games' ? a.games - b.games : key === 'name' ? a.name.localeCompare(b.name, 'ru') : 0;
        return sign * (by || a.id.localeCompare(b.id));
      });
      const size = query.pageSize ?? CSV_MAX_ROWS;
      const page = query.page ?? 1;
      return {
        items: filtered.slice((page - 1) * size, page * size),
        total: filtered.length,
        page,
        pageSize: query.pageSize ?? filtered.length,
      };
    },

    csv(items: ProviderAdminRow[]): string {
      return toCsv(
        [
          'id',
          'название',
          'источник',
          'включён',
          'подпись',
          'секрет (подсказка)',
          'секрет сменён',
          'игр',
          'включено игр',
        ],
        items.map((r) => [
          r.id,
          r.name,
          r.source,
          r.active ? 'да' : 'нет',
          r.signing,
          r.secretHint,
          r.secretRotatedAt,
          r.games,
          r.activeGames,
        ]),
      );
    },

    async setActive(id: string, active: boolean, operator: SignedInOperator) {
      const before = await one(id);
      if (before.active !== active) {
        await deps.db.transaction(async (tx) => {
          await repository.setActive(id, active, now(), tx);
          await ports.audit(
            operator,
            {
              action: active ? 'provider.enable' : 'provider.disable',
              targetType: 'provider',
              targetId: id,
              before: { active: before.active },
              after: { active },
            },
            tx,
          );
        });
        await registry.changed();
        await ports.lobbyChanged();
      }
      return one(id);
    },

    async create(input: { id: string; name: string; launchUrl: string }, operator: SignedInOperator) {
      if ((await registry.all()).has(input.id)) {
        throw new AppError('CONFLICT', { fields: { id: GamesAdminMessage.providerTaken } });
      }
      const secret = newSecret();
      await deps.db.transaction(async (tx) => {
        const created = await repository.create(
          { ...input, sealed: registry.seal(secret), hint: hintOf(secret), at: now() },
          tx,
        );
        if (!created) throw new AppError('CONFLICT', { fields: { id: GamesAdminMessage.providerTaken } });
        await ports.audit(
          operator,
          {
            action: 'provider.create',
            targetType: 'provider',
            targetId: input.id,
            before: null,
            after: { name: input.name, launchUrl: input.launchUrl, secretHint: hintOf(secret) },
          },
          tx,
        );
      });
      await registry.changed();
      return { provider: await one(input.id), secret };
    },

    /**
     * A new HMAC secret for a provider: answered once; from now on the provider API accepts only it
     * (this instance at once, the others when told). Kometa's own two share theirs with the game
     * server by configuration, and RSA providers have no secret: both are refused.
     */
    async rotate(id: string, operator: SignedInOperator) {
      const before = await one(id);
      if (before.source === 'built_in') {
        throw new AppError('CONFLICT', { message: GamesAdminMessage.builtInSecret });
      }
      if (before.signing === 'rsa')
        throw new AppError('CONFLICT', { message: GamesAdminMessage.rsaProvider });
      const secret = newSecret();
      await deps.db.transaction(async (tx) => {
        await repository.setSecret(id, registry.seal(secret), hintOf(secret), now(), tx);
        await ports.audit(
          operator,
          {
            action: 'provider.secret_rotate',
            targetType: 'provider',
            targetId: id,
            before: audited(before),
            after: { ...audited(before), secretHint: hintOf(secret) },
          },
          tx,
        );
      });
      await registry.changed();
      return { provider: await one(id), secret };
    },
  };
}

export type ProvidersAdminService = ReturnType<typeof createProvidersAdminService>;
