import {
  AdminMessage,
  BonusAdminMessage,
  CSV_MAX_ROWS,
  GiftMessage,
  type GiftKind,
  type GiftRules,
  type OfferAdminRow,
  type OfferInput,
  type OfferState,
  type PlayerGiftRow,
  type PromoCodeRow,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toCsv } from '../../platform/http/csv.ts';
import type { AuditWriter, FourEyes, SignedInOperator } from '../operators/index.ts';
import { listWindow } from '../operators/index.ts';
import type { PreparedGrant, Reward, RewardsService } from '../rewards/index.ts';
import {
  OFFER_COLUMNS,
  PROMO_COLUMNS,
  type AdminOfferRecord,
  type BonusesAdminRepository,
  type OfferChange,
  type Period,
} from './bonuses-admin.repository.ts';
import type { GiftRow, GiftsRepository, OfferRow } from './gifts.repository.ts';
import { presentGift, type GiftsService } from './gifts.service.ts';
import type { GiftsPorts } from './gifts.ports.ts';
import { isTargeted } from './targeting.ts';

/** Manual grants worth more than 1 000 (major units of the offer's currency) wait for a second operator. */
export const DEFAULT_GRANT_THRESHOLD = 100_000;

/** What the back office's bonus screens need of the operators module (bound in the composition). */
export interface BonusesAdminPorts {
  audit: AuditWriter;
  fourEyes: FourEyes;
  /** Grants above this value (minor units) wait for a second operator. */
  grantThreshold?: number;
}

interface GrantPayload extends Record<string, unknown> {
  playerId: number;
  offerId: number;
  offerTitle: string;
  currency: string;
  reason: string;
  rewardId: string;
  requestedBy: number;
}

/**
 * What an offer is worth when granted by hand, for the four-eyes threshold (ADR 033): its bonus
 * money, the cap of a deposit bonus, free spins × their value; points are not money (0). A deposit
 * bonus without a cap and cashback have no value known in advance (null): they always wait.
 */
export function offerValue(kind: GiftKind, rules: GiftRules): number | null {
  switch (kind) {
    case 'bonus_money':
    case 'free_bet':
      return rules.amount ?? 0;
    case 'deposit_bonus':
      return rules.amount;
    case 'free_spins':
      return rules.freeSpins ? rules.freeSpins.count * rules.freeSpins.spinValue : 0;
    case 'points':
      return 0;
    default:
      return null;
  }
}

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;
const dateOrNull = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

export function offerView(record: AdminOfferRecord): OfferAdminRow {
  return {
    id: record.id,
    kind: record.kind,
    state: record.state,
    title: record.title,
    description: record.description,
    terms: record.terms,
    image: record.image,
    currency: record.currency,
    rules: record.rules as GiftRules,
    takeDays: record.takeDays,
    startsAt: isoOrNull(record.startsAt),
    endsAt: isoOrNull(record.endsAt),
    active: record.active,
    welcomeStep: record.welcomeStep,
    targeting: record.targeting,
    codes: record.codes,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    cost: record.cost,
  };
}

const giftView = (gift: GiftRow): PlayerGiftRow => ({
  ...presentGift(gift),
  source: gift.source,
  finishReason: gift.finishReason,
});

/** The offer as the audit log keeps it (no cost figures: they are not part of the change). */
const auditedOffer = (record: AdminOfferRecord) => {
  const { cost: _cost, codes: _codes, ...rest } = offerView(record);
  return rest as Record<string, unknown>;
};

const changeOf = (input: OfferInput): OfferChange => ({
  kind: input.kind,
  title: input.title,
  description: input.description,
  terms: input.terms,
  image: input.image,
  currency: input.currency,
  rules: input.rules,
  takeDays: input.takeDays,
  startsAt: dateOrNull(input.startsAt),
  endsAt: dateOrNull(input.endsAt),
  active: input.active,
  targeting: input.targeting,
});

/**
 * Bonuses in the back office (issue 17 item 10, ADR 033): offers and their cost, promo codes, and a
 * player's gifts — granted by hand through the reward port (four-eyes above the threshold) and
 * cancelled as the gifts service cancels. Every change writes its audit row in its own transaction.
 */
export function createBonusesAdminService(deps: {
  db: Db;
  clock: Clock;
  repository: BonusesAdminRepository;
  gifts: GiftsRepository;
  giftsService: GiftsService;
  ports: Pick<GiftsPorts, 'player' | 'refusal'> & { rewards: RewardsService };
  admin: BonusesAdminPorts;
}) {
  const { repository, admin } = deps;
  const now = () => new Date(deps.clock.now());
  const threshold = admin.grantThreshold ?? DEFAULT_GRANT_THRESHOLD;
  const periodOf = (query: { from?: string | undefined; to?: string | undefined }): Period => ({
    from: dateOrNull(query.from),
    to: dateOrNull(query.to),
  });

  async function record(id: number, period: Period = { from: null, to: null }) {
    const found = await repository.one(id, period, now());
    if (!found) throw new AppError('NOT_FOUND', { message: BonusAdminMessage.offerNotFound });
    return found;
  }

  const rewardOf = (payload: GrantPayload): Reward => ({
    rewardId: payload.rewardId,
    userId: payload.playerId,
    kind: 'gift',
    amount: 1,
    currency: payload.currency as Reward['currency'],
    source: `operator:${payload.requestedBy}`,
    offerId: payload.offerId,
  });

  /** The four-eyes kind of a manual grant (ADR 033): the reward port's grant and the audit row, in one transaction. */
  admin.fourEyes.register<GrantPayload>({
    kind: 'bonus.grant',
    permission: 'bonuses.grant',
    threshold,
    prepare: (payload) => deps.ports.rewards.prepareGrant(rewardOf(payload)),
    async apply(payload, prepared, tx, actor) {
      const outcome = await deps.ports.rewards.commitGrant(tx, rewardOf(payload), prepared as PreparedGrant);
      if (outcome.status === 'refused') {
        throw new AppError('CONFLICT', { message: BonusAdminMessage.grantRefused });
      }
      // A replay (the same key raced, or a second approval of the same grant) changed nothing.
      if (outcome.replayed) return { giftId: outcome.giftId, rewardId: payload.rewardId, replayed: true };
      await admin.audit(
        actor,
        {
          action: 'bonus.grant',
          targetType: 'player',
          targetId: String(payload.playerId),
          before: null,
          after: {
            offerId: payload.offerId,
            offerTitle: payload.offerTitle,
            giftId: outcome.giftId,
            rewardId: payload.rewardId,
            reason: payload.reason,
          },
        },
        tx,
      );
      return { giftId: outcome.giftId, rewardId: payload.rewardId };
    },
  });

  async function giftOf(playerId: number, giftId: number | null): Promise<PlayerGiftRow | null> {
    if (giftId === null) return null;
    const gift = await deps.gifts.gift(playerId, giftId);
    return gift ? giftView(gift) : null;
  }

  return {
    async listOffers(query: {
      query?: string | undefined;
      kind?: GiftKind | undefined;
      state?: OfferState | undefined;
      from?: string | undefined;
      to?: string | undefined;
      sort?: keyof typeof OFFER_COLUMNS | undefined;
      order: 'asc' | 'desc';
      page?: number;
      pageSize?: number;
    }) {
      const window = listWindow(OFFER_COLUMNS, query, 'id', CSV_MAX_ROWS);
      const { rows, total } = await repository.list(query, periodOf(query), now(), window);
      return {
        items: rows.map(offerView),
        total,
        page: query.page ?? 1,
        pageSize: query.pageSize ?? rows.length,
      };
    },

    offersCsv(rows: OfferAdminRow[]): string {
      return toCsv(
        [
          'id',
          'название',
          'вид',
          'состояние',
          'валюта',
          'начало',
          'окончание',
          'выдано',
          'принято',
          'отыграно',
          'начислено (минорные единицы)',
          'конвертировано',
          'возвращено',
          'чистая стоимость',
        ],
        rows.map((r) => [
          r.id,
          r.title,
          r.kind,
          r.state,
          r.currency,
          r.startsAt,
          r.endsAt,
          r.cost.given,
          r.cost.taken,
          r.cost.completed,
          r.cost.credited,
          r.cost.converted,
          r.cost.forfeited,
          r.cost.netCost,
        ]),
      );
    },

    async offer(id: number, query: { from?: string | undefined; to?: string | undefined }) {
      return offerView(await record(id, periodOf(query)));
    },

    async createOffer(input: OfferInput, actor: SignedInOperator): Promise<OfferAdminRow> {
      const change = changeOf(input);
      const at = now();
      const id = await deps.db.transaction(async (tx) => {
        const created = await deps.gifts.insertOffer(
          {
            ...change,
            welcomeStep: null,
            choose: null,
            targetLabels: change.targeting.labels,
            targetLevels: change.targeting.levels,
            targetCurrencies: change.targeting.currencies,
            targetCountries: change.targeting.countries,
          },
          at,
          tx,
        );
        await admin.audit(
          actor,
          {
            action: 'offer.create',
            targetType: 'offer',
            targetId: String(created),
            before: null,
            after: { ...input },
          },
          tx,
        );
        return created;
      });
      return offerView(await record(id));
    },

    async updateOffer(id: number, input: OfferInput, actor: SignedInOperator): Promise<OfferAdminRow> {
      const before = await record(id);
      if (before.kind === 'composite') {
        throw new AppError('CONFLICT', { message: BonusAdminMessage.compositeReadOnly });
      }
      await deps.db.transaction(async (tx) => {
        if (!(await repository.update(id, changeOf(input), now(), tx))) throw new AppError('NOT_FOUND');
        await admin.audit(
          actor,
          {
            action: 'offer.update',
            targetType: 'offer',
            targetId: String(id),
            before: auditedOffer(before),
            after: { ...input },
          },
          tx,
        );
      });
      return offerView(await record(id));
    },

    async setActive(id: number, active: boolean, actor: SignedInOperator): Promise<OfferAdminRow> {
      const before = await record(id);
      if (before.active !== active) {
        await deps.db.transaction(async (tx) => {
          await repository.setActive(id, active, now(), tx);
          await admin.audit(
            actor,
            {
              action: active ? 'offer.activate' : 'offer.deactivate',
              targetType: 'offer',
              targetId: String(id),
              before: { active: before.active, state: before.state },
              after: { active },
            },
            tx,
          );
        });
      }
      return offerView(await record(id));
    },

    async listCodes(query: {
      query?: string | undefined;
      offerId?: number | undefined;
      sort?: keyof typeof PROMO_COLUMNS | undefined;
      order: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }) {
      const window = listWindow(PROMO_COLUMNS, query, 'createdAt');
      const { rows, total } = await repository.codes(query, window);
      return {
        items: rows.map((row): PromoCodeRow => ({
          ...row,
          startsAt: isoOrNull(row.startsAt),
          endsAt: isoOrNull(row.endsAt),
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async createCode(
      input: {
        code: string;
        offerId: number;
        cap: number | null;
        vipOnly: boolean;
        startsAt: string | null;
        endsAt: string | null;
      },
      actor: SignedInOperator,
    ): Promise<PromoCodeRow> {
      const offer = await deps.gifts.offer(input.offerId);
      if (!offer) {
        throw new AppError('VALIDATION_ERROR', { fields: { offerId: BonusAdminMessage.offerNotFound } });
      }
      const at = now();
      await deps.db.transaction(async (tx) => {
        const inserted = await repository.insertCode(
          { ...input, startsAt: dateOrNull(input.startsAt), endsAt: dateOrNull(input.endsAt) },
          at,
          tx,
        );
        if (!inserted) {
          throw new AppError('CONFLICT', {
            message: BonusAdminMessage.codeTaken,
            fields: { code: BonusAdminMessage.codeTaken },
          });
        }
        await admin.audit(
          actor,
          {
            action: 'promo.create',
            targetType: 'promo_code',
            targetId: input.code,
            before: null,
            after: { ...input, offerTitle: offer.title },
          },
          tx,
        );
      });
      return {
        ...input,
        offerTitle: offer.title,
        currency: offer.currency,
        used: 0,
        createdAt: at.toISOString(),
      };
    },

    async playerBonuses(playerId: number) {
      if (!(await deps.ports.player(playerId))) {
        throw new AppError('NOT_FOUND', { message: AdminMessage.playerNotFound });
      }
      const [gifts, offers] = await Promise.all([
        deps.gifts.gifts(playerId, null),
        repository.grantable(now()),
      ]);
      return {
        items: gifts.map(giftView),
        offers: offers.map((offer) => ({
          id: offer.id,
          title: offer.title,
          kind: offer.kind,
          currency: offer.currency,
          value: offerValue(offer.kind, offer.rules as GiftRules) ?? -1,
        })),
        grantThreshold: threshold,
      };
    },

    /**
     * Grants an offer to a player by hand (ADR 033): idempotent by the form's key (the reward id), the
     * player's protection and the offer's target checked first, four-eyes above the threshold.
     */
    async grant(
      playerId: number,
      input: { offerId: number; reason: string; idempotencyKey: string },
      actor: SignedInOperator,
    ) {
      const player = await deps.ports.player(playerId);
      if (!player) throw new AppError('NOT_FOUND', { message: AdminMessage.playerNotFound });
      const rewardId = `operator-grant:${input.idempotencyKey}`;
      const prior = await deps.ports.rewards.outcome(rewardId);
      if (prior) {
        if (prior.userId !== playerId) {
          throw new AppError('CONFLICT', { message: BonusAdminMessage.keyReused });
        }
        if (prior.status === 'refused') {
          throw new AppError('CONFLICT', { message: BonusAdminMessage.grantRefused });
        }
        return { status: 'applied' as const, gift: await giftOf(playerId, prior.giftId), approval: null };
      }
      const offer: OfferRow | null = await deps.gifts.offer(input.offerId);
      if (!offer || offer.kind === 'composite') {
        throw new AppError('VALIDATION_ERROR', { fields: { offerId: BonusAdminMessage.offerNotFound } });
      }
      if (await deps.ports.refusal(playerId)) {
        throw new AppError('CONFLICT', { message: BonusAdminMessage.grantRefused });
      }
      if (!isTargeted(offer, player)) throw new AppError('FORBIDDEN', { message: GiftMessage.notTargeted });
      const value = offerValue(offer.kind, offer.rules as GiftRules);
      const outcome = await admin.fourEyes.submit<GrantPayload>(
        'bonus.grant',
        {
          targetType: 'player',
          targetId: String(playerId),
          amount: value,
          currency: offer.currency,
          alwaysApprove: value === null,
          payload: {
            playerId,
            offerId: offer.id,
            offerTitle: offer.title,
            currency: offer.currency,
            reason: input.reason,
            rewardId,
            requestedBy: actor.id,
          },
        },
        actor,
      );
      return outcome.status === 'applied'
        ? {
            status: 'applied' as const,
            gift: await giftOf(playerId, (outcome.result.giftId as number | null) ?? null),
            approval: null,
          }
        : { status: 'pending' as const, gift: null, approval: outcome.approval };
    },

    /** Cancels a player's gift as the gifts service does (a wagering bonus returns its bonus balance). */
    async cancel(playerId: number, giftId: number, reason: string, actor: SignedInOperator) {
      const found = await deps.gifts.gift(playerId, giftId);
      if (!found) throw new AppError('NOT_FOUND', { message: BonusAdminMessage.giftNotFound });
      await deps.giftsService.cancel(playerId, giftId, reason, async (tx, before, after) => {
        await admin.audit(
          actor,
          {
            action: 'bonus.cancel',
            targetType: 'player',
            targetId: String(playerId),
            before: { giftId, offerId: before.offerId, title: before.title, state: before.state },
            after: {
              giftId,
              state: after.state,
              bonusReturned: after.forfeited,
              currency: after.currency,
              reason,
            },
          },
          tx,
        );
      });
      return giftView((await deps.gifts.gift(playerId, giftId))!);
    },
  };
}

export type BonusesAdminService = ReturnType<typeof createBonusesAdminService>;
