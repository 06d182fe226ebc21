import { GiftMessage, giftRules, type CompositeGift, type GiftRules } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CompositeGiftsRepository } from './composite-gifts.repository.ts';
import type { GiftRow, GiftsRepository, NewGift, OfferRow } from './gifts.repository.ts';
import type { GiftsService } from './gifts.service.ts';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** A wrong choice: the player's mistake, shown on the choice itself (400). */
const wrongChoice = () =>
  new AppError('VALIDATION_ERROR', {
    message: GiftMessage.compositeChoice,
    fields: { selected_gift_ids: GiftMessage.compositeChoice },
  });

/**
 * Composite gifts (spec §7, ADR 032): a "набор" offers its items and the player chooses `choose` of
 * them. Choosing gives one gift per item chosen — available, each with its own offer's rules and
 * terms, so the player then takes each after reading them — and ends the composite, in one
 * transaction under the composite's row lock: a double click or a race chooses once.
 */
export function createCompositeGiftsService(deps: {
  db: Db;
  clock: Clock;
  composites: CompositeGiftsRepository;
  gifts: GiftsRepository;
  giftsService: GiftsService;
}) {
  const { composites, gifts, giftsService } = deps;

  /** How many items a composite lets the player choose (never more than it has). */
  const allowed = (offer: OfferRow, items: OfferRow[]) => Math.min(offer.choose ?? 1, items.length);

  async function present(rows: GiftRow[]): Promise<CompositeGift[]> {
    const chosen = await composites.chosen(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => {
        const [offer, items] = await Promise.all([gifts.offer(row.offerId), gifts.offerItems(row.offerId)]);
        return {
          id: row.id,
          image: row.image,
          title: row.title,
          description: row.description,
          currency: row.currency as CurrencyCode,
          choose: offer ? allowed(offer, items) : 1,
          items: items.map((item) => ({
            id: item.id,
            kind: item.kind,
            title: item.title,
            description: item.description,
            image: item.image,
            terms: item.terms,
            rules: giftRules.parse(item.rules) as GiftRules,
          })),
          selectedItemIds: chosen.get(row.id) ?? [],
          expiresAt: row.expiresAt ? unix(row.expiresAt) : null,
        };
      }),
    );
  }

  return {
    /** Composites waiting for the player's choice (GET /gifts/composite/self/available). */
    available: async (userId: number) => present(await composites.composites(userId, ['available'])),

    /** Composites already chosen from (GET /gifts/composite/self/used). */
    used: async (userId: number) => present(await composites.composites(userId, ['completed'])),

    /**
     * The player chooses items of a composite (POST /gifts/composite/self/{id}/select): exactly as
     * many as it allows, each once, each one of its own. Answers the composite with its choice.
     */
    async select(userId: number, id: number, selected: number[]): Promise<CompositeGift> {
      const composite = await gifts.gift(userId, id);
      if (!composite || composite.kind !== 'composite') throw new AppError('NOT_FOUND');
      if (composite.state !== 'available') {
        throw new AppError('CONFLICT', { message: GiftMessage.compositeUsed });
      }
      const offer = await gifts.offer(composite.offerId);
      const items = await gifts.offerItems(composite.offerId);
      if (!offer || items.length === 0) throw new AppError('CONFLICT', { message: GiftMessage.notAvailable });
      const byId = new Map(items.map((item) => [item.id, item]));
      if (
        selected.length !== allowed(offer, items) ||
        new Set(selected).size !== selected.length ||
        selected.some((itemId) => !byId.has(itemId))
      ) {
        throw wrongChoice();
      }
      // Everything giving a gift reads first, outside the transaction (protection, windows, rules).
      const prepared: NewGift[] = [];
      for (const itemId of selected) {
        prepared.push(
          await giftsService.prepareGift(userId, byId.get(itemId)!, {
            source: `composite:${composite.id}`,
            parentId: composite.id,
          }),
        );
      }
      const done = await deps.db.transaction(async (tx) => {
        const locked = await gifts.gift(userId, id, tx, { lock: true });
        if (!locked || locked.state !== 'available') {
          throw new AppError('CONFLICT', { message: GiftMessage.compositeUsed });
        }
        for (const gift of prepared) await giftsService.insertGift(tx, gift);
        return (await gifts.transition(
          id,
          {
            from: ['available'],
            to: 'completed',
            at: new Date(deps.clock.now()),
            set: { finishReason: 'selected' },
          },
          tx,
        ))!;
      });
      return (await present([done]))[0]!;
    },
  };
}

export type CompositeGiftsService = ReturnType<typeof createCompositeGiftsService>;
