import { AdminMessage, type PlayerLabel, type PlayerNote, type PlayerSummary } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { PlayerCard } from '../accounts/index.ts';
import { adjustmentPosting, type Ledger } from '../wallet/index.ts';
import type { Actor, AuditWriter, SignedInOperator } from './actor.ts';
import type { FourEyes, FourEyesKind } from './four-eyes.ts';
import type { OperatorsRepository, PlayerNoteRecord } from './operators.repository.ts';

/** What the operators module needs of the other modules (bound in the composition). */
export interface OperatorsPorts {
  players: {
    find(id: number): Promise<PlayerCard | undefined>;
    search(filter: {
      query?: string | undefined;
      label?: PlayerLabel | undefined;
      ids?: readonly number[];
    }): Promise<PlayerCard[]>;
  };
  /** Players who paid with the payment details typed (payments module): the search's last way. */
  playersPaidWith(text: string): Promise<number[]>;
  /** Balances per currency of a page of players, in one query (wallet module). */
  balances(
    players: readonly { id: number; currency: string }[],
  ): Promise<Map<number, { currency: string; real: number; bonus: number }[]>>;
  /** The wallet module's ledger: the only way a balance changes. */
  ledger: Ledger;
}

export interface AdjustmentPayload extends Record<string, unknown> {
  playerId: number;
  currency: CurrencyCode;
  amount: number;
  reason: string;
}

/**
 * A manual adjustment of a player's real balance through the ledger, guarded by four-eyes above
 * `threshold` (minor units of the adjustment's currency).
 */
export function balanceAdjustmentKind(deps: {
  ledger: Ledger;
  audit: AuditWriter;
  threshold: number;
}): FourEyesKind<AdjustmentPayload> {
  return {
    kind: 'balance_adjustment',
    permission: 'balance.adjust',
    threshold: deps.threshold,
    prepare: (payload, key) =>
      deps.ledger.prepare(
        adjustmentPosting({
          key,
          userId: payload.playerId,
          currency: payload.currency,
          amount: payload.amount,
          reference: key,
        }),
      ),
    async apply(payload, prepared, tx, actor: Actor) {
      const posted = await deps.ledger.commit(prepared as Awaited<ReturnType<Ledger['prepare']>>, tx);
      const after = posted.balancesAfter[0] ?? 0;
      await deps.audit(
        actor,
        {
          action: 'balance.adjust',
          targetType: 'player',
          targetId: String(payload.playerId),
          before: { currency: payload.currency, real: after - payload.amount },
          after: {
            currency: payload.currency,
            real: after,
            amount: payload.amount,
            reason: payload.reason,
            transactionId: posted.transactionId,
          },
        },
        tx,
      );
      return { transactionId: posted.transactionId, balanceAfter: after };
    },
  };
}

/** Players as the back office sees them, their notes, and the manual adjustment of their balance. */
export function createPlayersDesk(deps: {
  ports: OperatorsPorts;
  fourEyes: FourEyes;
  db: Db;
  repository: OperatorsRepository;
  audit: AuditWriter;
  now: () => number;
}) {
  const { ports } = deps;
  /** The page's balances come in one query, not one per player (ADR 045). */
  async function summaries(cards: PlayerCard[]): Promise<PlayerSummary[]> {
    const balances = await ports.balances(cards);
    return cards.map((card) => ({
      ...card,
      createdAt: card.createdAt.toISOString(),
      wallets: balances.get(card.id) ?? [],
    }));
  }
  async function existing(id: number): Promise<PlayerCard> {
    const card = await ports.players.find(id);
    if (!card) throw new AppError('NOT_FOUND', { message: AdminMessage.playerNotFound });
    return card;
  }
  const noteView = (note: PlayerNoteRecord): PlayerNote => ({
    id: note.id,
    text: note.text,
    authorId: note.operatorId,
    authorEmail: note.operatorEmail,
    createdAt: note.createdAt.toISOString(),
  });
  return {
    async search(filter: { query?: string | undefined; label?: PlayerLabel | undefined }) {
      const ids = filter.query ? await ports.playersPaidWith(filter.query) : [];
      return { items: await summaries(await ports.players.search({ ...filter, ids })) };
    },
    async player(id: number): Promise<PlayerSummary> {
      const [summary] = await summaries([await existing(id)]);
      return summary!;
    },
    async notes(playerId: number) {
      await existing(playerId);
      return { items: (await deps.repository.playerNotes(playerId)).map(noteView) };
    },
    /** A note is written with its audit row, in one transaction; nothing edits or deletes it. */
    async addNote(playerId: number, text: string, actor: SignedInOperator): Promise<PlayerNote> {
      await existing(playerId);
      return deps.db.transaction(async (tx) => {
        const note = await deps.repository.insertPlayerNote(
          {
            userId: playerId,
            operatorId: actor.id,
            operatorEmail: actor.email,
            text,
            createdAt: new Date(deps.now()),
          },
          tx,
        );
        await deps.audit(
          actor,
          {
            action: 'player.note_add',
            targetType: 'player',
            targetId: String(playerId),
            before: null,
            after: { noteId: note.id, text },
          },
          tx,
        );
        return noteView(note);
      });
    },
    async adjust(
      playerId: number,
      input: { currency: CurrencyCode; amount: number; reason: string },
      actor: SignedInOperator,
    ) {
      await existing(playerId);
      const outcome = await deps.fourEyes.submit<AdjustmentPayload>(
        'balance_adjustment',
        {
          targetType: 'player',
          targetId: String(playerId),
          amount: input.amount,
          currency: input.currency,
          payload: { playerId, ...input },
        },
        actor,
      );
      return outcome.status === 'applied'
        ? { status: 'applied' as const, approval: null, balanceAfter: outcome.result.balanceAfter as number }
        : { status: 'pending' as const, approval: outcome.approval, balanceAfter: null };
    },
  };
}

export type PlayersDesk = ReturnType<typeof createPlayersDesk>;
