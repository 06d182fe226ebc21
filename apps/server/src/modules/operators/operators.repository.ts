import { sql, type SQL } from 'drizzle-orm';
import type { OperatorRole } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

export interface OperatorRecord {
  id: number;
  email: string;
  name: string;
  passwordHash: string;
  roles: OperatorRole[];
  status: 'active' | 'blocked';
  totpSecretSealed: string | null;
  totpEnrolledAt: Date | null;
  failedAttempts: number;
  lockedUntil: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

export interface SessionRecord {
  id: number;
  operatorId: number;
  stage: 'password' | 'active';
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

export interface AuditRecord {
  id: number;
  at: Date;
  operatorId: number | null;
  operatorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export type NewAuditRecord = Omit<AuditRecord, 'id'>;

export interface ApprovalRecord {
  id: number;
  kind: string;
  status: 'pending' | 'approved' | 'rejected';
  targetType: string;
  targetId: string;
  amount: number | null;
  currency: string | null;
  payload: Record<string, unknown>;
  requestedBy: { id: number; email: string };
  requestedAt: Date;
  decidedBy: { id: number; email: string } | null;
  decidedAt: Date | null;
  reason: string | null;
}

/** A page of a list: which rows, in which order. Sort columns are whitelisted by the caller. */
export interface Window {
  orderBy: SQL;
  limit: number;
  offset: number;
}

type Row = Record<string, unknown>;
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const json = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? null)) as Record<string, unknown> | null;
/** A PostgreSQL text[] literal (Drizzle would spread a JS array into a list of parameters). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

const operatorOf = (row: Row): OperatorRecord => ({
  id: Number(row.id),
  email: String(row.email),
  name: String(row.name),
  passwordHash: String(row.password_hash),
  roles: row.roles as OperatorRole[],
  status: row.status as OperatorRecord['status'],
  totpSecretSealed: (row.totp_secret_sealed as string | null) ?? null,
  totpEnrolledAt: date(row.totp_enrolled_at),
  failedAttempts: Number(row.failed_attempts),
  lockedUntil: date(row.locked_until),
  lastLoginAt: date(row.last_login_at),
  createdAt: new Date(row.created_at as string),
});

const sessionOf = (row: Row): SessionRecord => ({
  id: Number(row.session_id),
  operatorId: Number(row.operator_id),
  stage: row.stage as SessionRecord['stage'],
  createdAt: new Date(row.session_created_at as string),
  lastSeenAt: new Date(row.last_seen_at as string),
  expiresAt: new Date(row.expires_at as string),
  endedAt: date(row.ended_at),
});

const auditOf = (row: Row): AuditRecord => ({
  id: Number(row.id),
  at: new Date(row.at as string),
  operatorId: row.operator_id === null ? null : Number(row.operator_id),
  operatorEmail: (row.operator_email as string | null) ?? null,
  ip: (row.ip as string | null) ?? null,
  userAgent: (row.user_agent as string | null) ?? null,
  action: String(row.action),
  targetType: (row.target_type as string | null) ?? null,
  targetId: (row.target_id as string | null) ?? null,
  before: json(row.before),
  after: json(row.after),
});

const approvalOf = (row: Row): ApprovalRecord => ({
  id: Number(row.id),
  kind: String(row.kind),
  status: row.status as ApprovalRecord['status'],
  targetType: String(row.target_type),
  targetId: String(row.target_id),
  amount: row.amount === null ? null : Number(row.amount),
  currency: (row.currency as string | null) ?? null,
  payload: json(row.payload) ?? {},
  requestedBy: { id: Number(row.requested_by), email: String(row.requested_by_email) },
  requestedAt: new Date(row.requested_at as string),
  decidedBy:
    row.decided_by === null ? null : { id: Number(row.decided_by), email: String(row.decided_by_email) },
  decidedAt: date(row.decided_at),
  reason: (row.reason as string | null) ?? null,
});

const where = (conditions: (SQL | undefined)[]): SQL => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};

const approvalSelect = sql`select a.*, r.email as requested_by_email, d.email as decided_by_email
  from approval_requests a
  join operators r on r.id = a.requested_by
  left join operators d on d.id = a.decided_by`;

/** The only door to the operators module's tables (migration 0019_operators.sql). */
export function createOperatorsRepository(db: Db) {
  return {
    // --- operators ---------------------------------------------------------------------------------
    async insertOperator(
      operator: {
        email: string;
        name: string;
        passwordHash: string;
        roles: readonly OperatorRole[];
        createdAt: Date;
        createdBy: number | null;
      },
      executor: Db = db,
    ): Promise<OperatorRecord | undefined> {
      const [row] = await queryRows<Row>(
        executor,
        sql`insert into operators (email, name, password_hash, roles, created_at, created_by)
            values (${operator.email}, ${operator.name}, ${operator.passwordHash},
                    ${textArray(operator.roles)}::text[], ${operator.createdAt.toISOString()}::timestamptz,
                    ${operator.createdBy})
            on conflict (email) do nothing
            returning *`,
      );
      return row ? operatorOf(row) : undefined;
    },
    async operatorByEmail(email: string): Promise<OperatorRecord | undefined> {
      const [row] = await queryRows<Row>(db, sql`select * from operators where email = ${email}`);
      return row ? operatorOf(row) : undefined;
    },
    async operator(id: number, executor: Db = db, lock = false): Promise<OperatorRecord | undefined> {
      const [row] = await queryRows<Row>(
        executor,
        sql`select * from operators where id = ${id} ${lock ? sql`for update` : sql``}`,
      );
      return row ? operatorOf(row) : undefined;
    },
    async listOperators(
      filters: { query?: string; role?: string; status?: string },
      window: Window,
    ): Promise<{ rows: OperatorRecord[]; total: number }> {
      const text = filters.query?.toLowerCase();
      const condition = where([
        text ? sql`(email like ${`%${text}%`} or lower(name) like ${`%${text}%`})` : undefined,
        filters.role ? sql`${filters.role} = any(roles)` : undefined,
        filters.status ? sql`status = ${filters.status}` : undefined,
      ]);
      const [rows, [count]] = await Promise.all([
        queryRows<Row>(
          db,
          sql`select * from operators where ${condition} order by ${window.orderBy}
              limit ${window.limit} offset ${window.offset}`,
        ),
        queryRows<{ n: string }>(db, sql`select count(*)::text as n from operators where ${condition}`),
      ]);
      return { rows: rows.map(operatorOf), total: Number(count?.n ?? 0) };
    },
    async setRoles(id: number, roles: readonly OperatorRole[], executor: Db): Promise<void> {
      await executor.execute(sql`update operators set roles = ${textArray(roles)}::text[] where id = ${id}`);
    },
    async setStatus(id: number, status: 'active' | 'blocked', executor: Db): Promise<void> {
      await executor.execute(
        sql`update operators set status = ${status}, failed_attempts = 0, locked_until = null where id = ${id}`,
      );
    },
    /** Active administrators other than `except` (a platform never loses its last one). */
    async otherActiveAdministrators(except: number, executor: Db): Promise<number> {
      const [row] = await queryRows<{ n: string }>(
        executor,
        sql`select count(*)::text as n from operators
            where id <> ${except} and status = 'active' and 'administrator' = any(roles)`,
      );
      return Number(row?.n ?? 0);
    },
    /** A wrong password or code: counts it, and locks sign-in for `lockMs` from the `limit`-th in a row. */
    async recordFailure(id: number, at: Date, limit: number, lockMs: number): Promise<void> {
      await db.execute(sql`update operators set
          failed_attempts = failed_attempts + 1,
          locked_until = case when failed_attempts + 1 >= ${limit}
            then ${at.toISOString()}::timestamptz + make_interval(secs => ${lockMs / 1000}) else locked_until end
        where id = ${id}`);
    },
    async recordLogin(id: number, at: Date, executor: Db = db): Promise<void> {
      await executor.execute(sql`update operators set failed_attempts = 0, locked_until = null,
        last_login_at = ${at.toISOString()}::timestamptz where id = ${id}`);
    },
    async savePendingTotp(id: number, sealed: string): Promise<void> {
      await db.execute(sql`update operators set totp_secret_sealed = ${sealed}
        where id = ${id} and totp_enrolled_at is null`);
    },
    async enrolTotp(id: number, at: Date, codeHashes: Buffer[], executor: Db): Promise<void> {
      await executor.execute(
        sql`update operators set totp_enrolled_at = ${at.toISOString()}::timestamptz where id = ${id}`,
      );
      await executor.execute(sql`delete from operator_recovery_codes where operator_id = ${id}`);
      for (const hash of codeHashes) {
        await executor.execute(sql`insert into operator_recovery_codes (operator_id, code_hash)
          values (${id}, decode(${hash.toString('hex')}, 'hex'))`);
      }
    },
    async resetTotp(id: number, executor: Db): Promise<void> {
      await executor.execute(sql`update operators set totp_secret_sealed = null, totp_enrolled_at = null,
        totp_last_step = null where id = ${id}`);
      await executor.execute(sql`delete from operator_recovery_codes where operator_id = ${id}`);
    },
    /** Accepts a TOTP time step once: true when it is later than the last one accepted. */
    async claimTotpStep(id: number, step: number): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update operators set totp_last_step = ${step}
            where id = ${id} and (totp_last_step is null or totp_last_step < ${step}) returning id`,
      );
      return rows.length === 1;
    },
    async useRecoveryCode(id: number, hash: Buffer, at: Date): Promise<boolean> {
      const rows = await queryRows<{ operator_id: string }>(
        db,
        sql`update operator_recovery_codes set used_at = ${at.toISOString()}::timestamptz
            where operator_id = ${id} and code_hash = decode(${hash.toString('hex')}, 'hex') and used_at is null
            returning operator_id`,
      );
      return rows.length === 1;
    },

    // --- sessions ----------------------------------------------------------------------------------
    async insertSession(session: {
      operatorId: number;
      tokenHash: Buffer;
      stage: 'password' | 'active';
      at: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<number> {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into operator_sessions (operator_id, token_hash, stage, created_at, last_seen_at, expires_at, ip, user_agent)
            values (${session.operatorId}, decode(${session.tokenHash.toString('hex')}, 'hex'), ${session.stage},
                    ${session.at.toISOString()}::timestamptz, ${session.at.toISOString()}::timestamptz,
                    ${session.expiresAt.toISOString()}::timestamptz, ${session.ip}, ${session.userAgent})
            returning id`,
      );
      return Number(row!.id);
    },
    async sessionByToken(
      tokenHash: Buffer,
    ): Promise<{ session: SessionRecord; operator: OperatorRecord } | undefined> {
      const [row] = await queryRows<Row>(
        db,
        sql`select s.id as session_id, s.stage, s.created_at as session_created_at, s.last_seen_at,
                   s.expires_at, s.ended_at, o.*, o.id as operator_id
            from operator_sessions s join operators o on o.id = s.operator_id
            where s.token_hash = decode(${tokenHash.toString('hex')}, 'hex')`,
      );
      return row ? { session: sessionOf(row), operator: operatorOf(row) } : undefined;
    },
    async touchSession(id: number, at: Date): Promise<void> {
      await db.execute(
        sql`update operator_sessions set last_seen_at = ${at.toISOString()}::timestamptz where id = ${id}`,
      );
    },
    async endSession(id: number, reason: string, at: Date, executor: Db = db): Promise<void> {
      await executor.execute(sql`update operator_sessions set ended_at = ${at.toISOString()}::timestamptz,
        ended_reason = ${reason} where id = ${id} and ended_at is null`);
    },
    async endSessionsOf(operatorId: number, reason: string, at: Date, executor: Db): Promise<void> {
      await executor.execute(sql`update operator_sessions set ended_at = ${at.toISOString()}::timestamptz,
        ended_reason = ${reason} where operator_id = ${operatorId} and ended_at is null`);
    },

    // --- audit -------------------------------------------------------------------------------------
    async insertAudit(entry: NewAuditRecord, executor: Db = db): Promise<number> {
      const [row] = await queryRows<{ id: string }>(
        executor,
        sql`insert into operator_audit (at, operator_id, operator_email, ip, user_agent, action, target_type, target_id, before, after)
            values (${entry.at.toISOString()}::timestamptz, ${entry.operatorId}, ${entry.operatorEmail},
                    ${entry.ip}, ${entry.userAgent}, ${entry.action}, ${entry.targetType}, ${entry.targetId},
                    ${entry.before === null ? null : JSON.stringify(entry.before)}::jsonb,
                    ${entry.after === null ? null : JSON.stringify(entry.after)}::jsonb)
            returning id`,
      );
      return Number(row!.id);
    },
    async listAudit(
      filters: {
        operatorId?: number;
        action?: string;
        targetType?: string;
        targetId?: string;
        from?: Date;
        to?: Date;
      },
      window: Window,
      withTotal = true,
    ): Promise<{ rows: AuditRecord[]; total: number }> {
      const condition = where([
        filters.operatorId !== undefined ? sql`operator_id = ${filters.operatorId}` : undefined,
        filters.action ? sql`action = ${filters.action}` : undefined,
        filters.targetType ? sql`target_type = ${filters.targetType}` : undefined,
        filters.targetId ? sql`target_id = ${filters.targetId}` : undefined,
        filters.from ? sql`at >= ${filters.from.toISOString()}::timestamptz` : undefined,
        filters.to ? sql`at < ${filters.to.toISOString()}::timestamptz` : undefined,
      ]);
      const [rows, count] = await Promise.all([
        queryRows<Row>(
          db,
          sql`select * from operator_audit where ${condition} order by ${window.orderBy}
              limit ${window.limit} offset ${window.offset}`,
        ),
        withTotal
          ? queryRows<{ n: string }>(
              db,
              sql`select count(*)::text as n from operator_audit where ${condition}`,
            )
          : Promise.resolve([]),
      ]);
      return { rows: rows.map(auditOf), total: Number(count[0]?.n ?? rows.length) };
    },

    // --- four-eyes requests -------------------------------------------------------------------------
    async insertApproval(
      request: {
        kind: string;
        targetType: string;
        targetId: string;
        amount: number | null;
        currency: string | null;
        payload: Record<string, unknown>;
        requestedBy: number;
        at: Date;
      },
      executor: Db,
    ): Promise<number> {
      const [row] = await queryRows<{ id: string }>(
        executor,
        sql`insert into approval_requests (kind, target_type, target_id, amount, currency, payload, requested_by, requested_at)
            values (${request.kind}, ${request.targetType}, ${request.targetId}, ${request.amount},
                    ${request.currency}, ${JSON.stringify(request.payload)}::jsonb, ${request.requestedBy},
                    ${request.at.toISOString()}::timestamptz)
            returning id`,
      );
      return Number(row!.id);
    },
    async approval(id: number, executor: Db = db): Promise<ApprovalRecord | undefined> {
      const [row] = await queryRows<Row>(executor, sql`${approvalSelect} where a.id = ${id}`);
      return row ? approvalOf(row) : undefined;
    },
    /**
     * Decides a pending request, once: the row changes only while it is pending and only by another
     * operator than the requester, so of two racing decisions exactly one gets `true`.
     */
    async decideApproval(
      id: number,
      decision: { status: 'approved' | 'rejected'; by: number; at: Date; reason: string | null },
      executor: Db,
    ): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        executor,
        sql`update approval_requests set status = ${decision.status}, decided_by = ${decision.by},
              decided_at = ${decision.at.toISOString()}::timestamptz, reason = ${decision.reason}
            where id = ${id} and status = 'pending' and requested_by <> ${decision.by}
            returning id`,
      );
      return rows.length === 1;
    },
    async listApprovals(
      filters: { status?: string; kind?: string },
      window: Window,
    ): Promise<{ rows: ApprovalRecord[]; total: number }> {
      const condition = where([
        filters.status ? sql`a.status = ${filters.status}` : undefined,
        filters.kind ? sql`a.kind = ${filters.kind}` : undefined,
      ]);
      const [rows, [count]] = await Promise.all([
        queryRows<Row>(
          db,
          sql`${approvalSelect} where ${condition} order by ${window.orderBy}
              limit ${window.limit} offset ${window.offset}`,
        ),
        queryRows<{ n: string }>(
          db,
          sql`select count(*)::text as n from approval_requests a where ${condition}`,
        ),
      ]);
      return { rows: rows.map(approvalOf), total: Number(count?.n ?? 0) };
    },
    /** The pending requests of a kind for these targets (a target waits for one decision at a time). */
    async pendingFor(kind: string, targetType: string, targetIds: readonly string[]) {
      if (targetIds.length === 0) return new Map<string, number>();
      const rows = await queryRows<{ id: string; target_id: string }>(
        db,
        sql`select id::text, target_id from approval_requests
            where status = 'pending' and kind = ${kind} and target_type = ${targetType}
              and target_id = any(${textArray(targetIds)}::text[])`,
      );
      return new Map(rows.map((row) => [row.target_id, Number(row.id)]));
    },
    /** Pending requests: all of them, and those of the kinds given that another operator made. */
    async pendingCounts(
      operatorId: number,
      kinds: readonly string[],
    ): Promise<{ all: number; forMe: number }> {
      const [row] = await queryRows<{ waiting: string; mine: string }>(
        db,
        sql`select count(*)::text as waiting,
                   (count(*) filter (where requested_by <> ${operatorId} and kind = any(${textArray(kinds)}::text[])))::text as mine
            from approval_requests where status = 'pending'`,
      );
      return { all: Number(row?.waiting ?? 0), forMe: Number(row?.mine ?? 0) };
    },
    /** Operators' notes on a player (append-only, ADR 045), newest first. */
    async playerNotes(userId: number, limit = 200): Promise<PlayerNoteRecord[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select id, user_id, operator_id, operator_email, text, created_at from player_notes
            where user_id = ${userId} order by id desc limit ${limit}`,
      );
      return rows.map(noteOf);
    },
    async insertPlayerNote(note: Omit<PlayerNoteRecord, 'id'>, executor: Db = db): Promise<PlayerNoteRecord> {
      const [row] = await queryRows<Record<string, unknown>>(
        executor,
        sql`insert into player_notes (user_id, operator_id, operator_email, text, created_at)
            values (${note.userId}, ${note.operatorId}, ${note.operatorEmail}, ${note.text},
                    ${note.createdAt.toISOString()}::timestamptz)
            returning id, user_id, operator_id, operator_email, text, created_at`,
      );
      return noteOf(row!);
    },
  };
}

export interface PlayerNoteRecord {
  id: number;
  userId: number;
  operatorId: number | null;
  operatorEmail: string | null;
  text: string;
  createdAt: Date;
}

const noteOf = (row: Record<string, unknown>): PlayerNoteRecord => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  operatorId: row.operator_id === null ? null : Number(row.operator_id),
  operatorEmail: (row.operator_email as string | null) ?? null,
  text: String(row.text),
  createdAt: new Date(row.created_at as string),
});

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
