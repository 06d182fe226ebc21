import {
  AdminMessage,
  CSV_MAX_ROWS,
  type ApprovalKind,
  type ApprovalRequest,
  type Permission,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toCsv } from '../../platform/http/csv.ts';
import { randomToken, type Rng } from '../../platform/rng.ts';
import type { Actor, AuditWriter, SignedInOperator } from './actor.ts';
import { listPage, listWindow, type ListQuery } from './list-window.ts';
import type { ApprovalRecord, OperatorsRepository } from './operators.repository.ts';

/**
 * A kind of change that four-eyes guards (ADR 028). Above its threshold a change waits as a request
 * until another operator holding `permission` approves it; then `apply` runs once, in the approval's
 * own transaction, with whatever `prepare` did outside it (opening ledger accounts, say).
 */
export interface FourEyesKind<P extends Record<string, unknown>> {
  kind: ApprovalKind;
  permission: Permission;
  /** Changes whose absolute amount (minor units) exceeds this wait for a second operator. */
  threshold: number;
  prepare(payload: P, key: string): Promise<unknown>;
  /** Makes the change and writes its own audit row on `tx`; answers what it did. */
  apply(payload: P, prepared: unknown, tx: Db, actor: Actor): Promise<Record<string, unknown>>;
  /** What follows once the change has committed (a payout job for an approved withdrawal, say). */
  afterCommit?(payload: P, result: Record<string, unknown>): Promise<void>;
}

export interface Change<P> {
  targetType: string;
  targetId: string;
  amount: number | null;
  currency: string | null;
  payload: P;
  /** A change whose value cannot be known in advance always waits for a second operator. */
  alwaysApprove?: boolean;
}

export const approvalView = (row: ApprovalRecord): ApprovalRequest => ({
  ...row,
  kind: row.kind as ApprovalKind,
  requestedAt: row.requestedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const APPROVAL_COLUMNS = { id: 'a.id', requestedAt: 'a.requested_at', amount: 'abs(a.amount)' } as const;

/** The generic four-eyes mechanism: submit, approve once, reject; the queue and its export. */
export function createFourEyes(deps: {
  db: Db;
  repository: OperatorsRepository;
  audit: AuditWriter;
  clock: Clock;
  rng: Rng;
}) {
  const { db, repository, audit } = deps;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind types its own payload
  const kinds = new Map<string, FourEyesKind<any>>();
  const now = () => new Date(deps.clock.now());

  function kindOf(name: string) {
    const kind = kinds.get(name);
    if (!kind) throw new Error(`four-eyes kind ${name} is not registered`);
    return kind;
  }

  async function pending(id: number, actor: SignedInOperator): Promise<ApprovalRecord> {
    const request = await repository.approval(id);
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== 'pending')
      throw new AppError('CONFLICT', { message: AdminMessage.alreadyDecided });
    if (request.requestedBy.id === actor.id)
      throw new AppError('FORBIDDEN', { message: AdminMessage.ownRequest });
    if (!actor.permissions.includes(kindOf(request.kind).permission)) throw new AppError('FORBIDDEN');
    return request;
  }

  async function decided(id: number): Promise<ApprovalRequest> {
    return approvalView((await repository.approval(id))!);
  }

  return {
    register<P extends Record<string, unknown>>(kind: FourEyesKind<P>): void {
      kinds.set(kind.kind, kind);
    },

    /** Applies a change at once when it is within the threshold, else files it for a second operator. */
    async submit<P extends Record<string, unknown>>(
      name: ApprovalKind,
      change: Change<P>,
      actor: SignedInOperator,
    ): Promise<
      | { status: 'applied'; result: Record<string, unknown> }
      | { status: 'pending'; approval: ApprovalRequest }
    > {
      const kind = kindOf(name) as FourEyesKind<P>;
      if (!change.alwaysApprove && Math.abs(change.amount ?? 0) <= kind.threshold) {
        const prepared = await kind.prepare(change.payload, `${name}:direct:${randomToken(deps.rng, 128)}`);
        const result = await db.transaction((tx) => kind.apply(change.payload, prepared, tx, actor));
        await kind.afterCommit?.(change.payload, result);
        return { status: 'applied', result };
      }
      const id = await db.transaction(async (tx) => {
        const inserted = await repository.insertApproval(
          { ...change, kind: name, requestedBy: actor.id, at: now() },
          tx,
        );
        await audit(
          actor,
          {
            action: 'approval.request',
            targetType: 'approval',
            targetId: String(inserted),
            before: null,
            after: {
              kind: name,
              status: 'pending',
              target: `${change.targetType}:${change.targetId}`,
              amount: change.amount,
              currency: change.currency,
              payload: change.payload,
            },
          },
          tx,
        );
        return inserted;
      });
      return { status: 'pending', approval: await decided(id) };
    },

    /**
     * Approves another operator's request and applies it, exactly once: of two racing approvals one
     * decides the row (a conditional update) and applies the change in the same transaction; the other
     * finds it decided (409). The requester can never approve their own (403, and a CHECK in the table).
     */
    async approve(
      id: number,
      actor: SignedInOperator,
      comment: string | undefined,
    ): Promise<ApprovalRequest> {
      const request = await pending(id, actor);
      const kind = kindOf(request.kind);
      const prepared = await kind.prepare(request.payload, `${request.kind}:approval:${id}`);
      const applied = await db.transaction(async (tx) => {
        const won = await repository.decideApproval(
          id,
          { status: 'approved', by: actor.id, at: now(), reason: comment ?? null },
          tx,
        );
        if (!won) throw new AppError('CONFLICT', { message: AdminMessage.alreadyDecided });
        const result = await kind.apply(request.payload, prepared, tx, actor);
        await audit(
          actor,
          {
            action: 'approval.approve',
            targetType: 'approval',
            targetId: String(id),
            before: { status: 'pending' },
            after: { status: 'approved', comment: comment ?? null, result },
          },
          tx,
        );
        return result;
      });
      await kind.afterCommit?.(request.payload, applied);
      return decided(id);
    },

    async reject(id: number, actor: SignedInOperator, reason: string): Promise<ApprovalRequest> {
      await pending(id, actor);
      await db.transaction(async (tx) => {
        const won = await repository.decideApproval(
          id,
          { status: 'rejected', by: actor.id, at: now(), reason },
          tx,
        );
        if (!won) throw new AppError('CONFLICT', { message: AdminMessage.alreadyDecided });
        await audit(
          actor,
          {
            action: 'approval.reject',
            targetType: 'approval',
            targetId: String(id),
            before: { status: 'pending' },
            after: { status: 'rejected', reason },
          },
          tx,
        );
      });
      return decided(id);
    },

    async list(
      query: ListQuery<keyof typeof APPROVAL_COLUMNS> & {
        status?: 'pending' | 'approved' | 'rejected' | undefined;
        kind?: ApprovalKind | undefined;
      },
    ) {
      const window = listWindow(APPROVAL_COLUMNS, query, 'id', CSV_MAX_ROWS);
      const { rows, total } = await repository.listApprovals(query, window);
      return listPage(rows.map(approvalView), total, query);
    },

    csv(rows: ApprovalRequest[]): string {
      return toCsv(
        [
          'id',
          'вид',
          'статус',
          'объект',
          'сумма (минорные единицы)',
          'валюта',
          'запросил',
          'когда',
          'решил',
          'когда решено',
          'причина',
          'данные',
        ],
        rows.map((r) => [
          r.id,
          r.kind,
          r.status,
          `${r.targetType}:${r.targetId}`,
          r.amount,
          r.currency,
          r.requestedBy.email,
          r.requestedAt,
          r.decidedBy?.email ?? null,
          r.decidedAt,
          r.reason,
          r.payload,
        ]),
      );
    },

    /** Pending requests of a kind for these targets, by target id (the queues show what waits). */
    pendingFor: (kind: ApprovalKind, targetType: string, targetIds: readonly string[]) =>
      repository.pendingFor(kind, targetType, targetIds),

    /** The queue for the dashboard: everything waiting, and what this operator may decide. */
    async queue(actor: SignedInOperator) {
      const mine = [...kinds.values()]
        .filter((k) => actor.permissions.includes(k.permission))
        .map((k) => k.kind);
      const counts = await repository.pendingCounts(
        actor.id,
        actor.permissions.includes('approvals.approve') ? mine : [],
      );
      const latest = await repository.listApprovals(
        { status: 'pending' },
        listWindow(APPROVAL_COLUMNS, { sort: 'requestedAt', order: 'asc', page: 1, pageSize: 5 }, 'id'),
      );
      return {
        queues: { approvals: counts.all, approvalsForMe: counts.forMe },
        pending: latest.rows.map(approvalView),
      };
    },
  };
}

export type FourEyes = ReturnType<typeof createFourEyes>;
