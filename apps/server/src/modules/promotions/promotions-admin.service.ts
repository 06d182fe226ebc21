import { PromotionAdminMessage, type PromotionAdminRow, type PromotionInput } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditWriter, SignedInOperator } from '../operators/index.ts';
import type { NewPromotion, PromotionRow, PromotionsRepository } from './promotions.repository.ts';
import type { PromotionsPorts } from './promotions.ports.ts';

const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

function stateOf(row: PromotionRow, at: Date): PromotionAdminRow['state'] {
  if (!row.active) return 'inactive';
  if (row.endsAt && row.endsAt <= at) return 'ended';
  if (row.startsAt && row.startsAt > at) return 'soon';
  return 'live';
}

function view(row: PromotionRow, at: Date): PromotionAdminRow {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    terms: row.terms,
    image: row.image,
    badge: row.badge,
    startsAt: isoOrNull(row.startsAt),
    endsAt: isoOrNull(row.endsAt),
    action: row.action,
    actionLabel: row.actionLabel,
    actionPath: row.actionPath,
    offerId: row.offerId,
    claimEvery: row.claimEvery,
    position: row.position,
    active: row.active,
    state: stateOf(row, at),
  };
}

/** What is stored of an operator's input: a claim has no path, a page button no offer. */
function rowOf(input: PromotionInput): NewPromotion {
  return {
    slug: input.slug,
    title: input.title,
    summary: input.summary,
    body: input.body,
    terms: input.terms,
    image: input.image,
    badge: input.badge || null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    action: input.action,
    actionLabel: input.actionLabel,
    actionPath: input.action === 'claim' || input.action === 'deposit' ? null : input.actionPath,
    offerId: input.action === 'claim' ? input.offerId : null,
    claimEvery: input.claimEvery,
    position: input.position,
    active: input.active,
  };
}

/**
 * The promotions' back-office editor (ADR 040): list, create, change, switch on and off. Every
 * change writes its audit row in its own transaction, then drops the guest cache so that the site's
 * list and pages show it at once.
 */
export function createPromotionsAdminService(deps: {
  repository: PromotionsRepository;
  clock: Clock;
  ports: Pick<PromotionsPorts, 'offerExists'>;
  audit: AuditWriter;
  /** Drops the guest cache (the site's promotions are cached for guests). */
  invalidate: () => Promise<void>;
}) {
  const { repository } = deps;
  const now = () => new Date(deps.clock.now());

  async function found(id: number, executor?: Db): Promise<PromotionRow> {
    const row = await repository.byId(id, executor);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function checkOffer(input: PromotionInput): Promise<void> {
    if (
      input.action === 'claim' &&
      input.offerId !== null &&
      !(await deps.ports.offerExists(input.offerId))
    ) {
      throw new AppError('VALIDATION_ERROR', { fields: { offerId: PromotionAdminMessage.offerNotFound } });
    }
  }
  const slugTaken = () =>
    new AppError('VALIDATION_ERROR', { fields: { slug: PromotionAdminMessage.slugTaken } });

  return {
    async list(): Promise<PromotionAdminRow[]> {
      const at = now();
      return (await repository.all()).map((row) => view(row, at));
    },

    get: async (id: number) => view(await found(id), now()),

    async create(input: PromotionInput, actor: SignedInOperator): Promise<PromotionAdminRow> {
      await checkOffer(input);
      const at = now();
      const id = await repository.transaction(async (tx) => {
        const created = await repository.create(rowOf(input), at, tx);
        if (created === null) throw slugTaken();
        await deps.audit(
          actor,
          {
            action: 'promotion.create',
            targetType: 'promotion',
            targetId: String(created),
            before: null,
            after: { ...input },
          },
          tx,
        );
        return created;
      });
      await deps.invalidate();
      return view(await found(id), at);
    },

    async update(id: number, input: PromotionInput, actor: SignedInOperator): Promise<PromotionAdminRow> {
      await checkOffer(input);
      const at = now();
      await repository.transaction(async (tx) => {
        const before = await found(id, tx);
        const changed = await repository.update(id, rowOf(input), at, tx);
        if (changed === null) throw slugTaken();
        await deps.audit(
          actor,
          {
            action: 'promotion.update',
            targetType: 'promotion',
            targetId: String(id),
            before: { ...view(before, at) },
            after: { ...input },
          },
          tx,
        );
      });
      await deps.invalidate();
      return view(await found(id), at);
    },

    async setActive(id: number, active: boolean, actor: SignedInOperator): Promise<PromotionAdminRow> {
      const at = now();
      const before = await found(id);
      if (before.active !== active) {
        await repository.transaction(async (tx) => {
          await repository.setActive(id, active, at, tx);
          await deps.audit(
            actor,
            {
              action: active ? 'promotion.activate' : 'promotion.deactivate',
              targetType: 'promotion',
              targetId: String(id),
              before: { active: before.active },
              after: { active },
            },
            tx,
          );
        });
        await deps.invalidate();
      }
      return view(await found(id), at);
    },
  };
}

export type PromotionsAdminService = ReturnType<typeof createPromotionsAdminService>;
