import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  AdminMessage,
  CSV_MAX_ROWS,
  permissionsOf,
  type AuditEntry,
  type OperatorRole,
  type OperatorRow,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toCsv } from '../../platform/http/csv.ts';
import { randomToken, type Rng } from '../../platform/rng.ts';
import { createSealer, keyedMac, sha256, type PasswordHasher } from '../../platform/secrets.ts';
import type { Actor, AuditWriter, SignedInOperator } from './actor.ts';
import { listPage, listWindow, type ListQuery } from './list-window.ts';
import type { AuditRecord, OperatorRecord, OperatorsRepository } from './operators.repository.ts';

export interface OperatorPolicy {
  /** A session unused this long ends (30 minutes). */
  idleMs: number;
  /** A session ends this long after sign-in, used or not (12 hours). */
  absoluteMs: number;
  /** Between the password and the code (5 minutes). */
  pendingMs: number;
  /** Wrong passwords or codes in a row before sign-in is locked… */
  maxFailures: number;
  /** …for this long. */
  lockMs: number;
}

export const DEFAULT_OPERATOR_POLICY: OperatorPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  pendingMs: 5 * 60_000,
  maxFailures: 5,
  lockMs: 15 * 60_000,
};

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());
/** Last-seen is written at most this often: the idle timeout is counted in minutes. */
const TOUCH_EVERY_MS = 30_000;

export const operatorView = (operator: OperatorRecord): OperatorRow => ({
  id: operator.id,
  email: operator.email,
  name: operator.name,
  roles: operator.roles,
  status: operator.status,
  totpEnrolled: operator.totpEnrolledAt !== null,
  lastLoginAt: operator.lastLoginAt?.toISOString() ?? null,
  createdAt: operator.createdAt.toISOString(),
});

export const auditView = (row: AuditRecord): AuditEntry => ({
  ...row,
  at: row.at.toISOString(),
});

const OPERATOR_COLUMNS = {
  id: 'id',
  email: 'email',
  name: 'lower(name)',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
} as const;
const AUDIT_COLUMNS = {
  id: 'id',
  at: 'at',
  action: 'action',
  operator: 'operator_email',
  target: 'target_type, target_id',
} as const;

/**
 * Operators' accounts, sign-in (password, then TOTP; enrolment at the first sign-in), sessions with an
 * idle timeout and an absolute end, the management of operators, and the audit log (ADR 028).
 */
export function createOperatorsService(deps: {
  db: Db;
  repository: OperatorsRepository;
  audit: AuditWriter;
  hasher: PasswordHasher;
  clock: Clock;
  rng: Rng;
  appSecret: string;
  issuer: string;
  policy: OperatorPolicy;
}) {
  const { db, repository, audit, clock, policy } = deps;
  const sealer = createSealer(deps.appSecret, 'operator-totp-secret');
  const now = () => new Date(clock.now());
  const csrfOf = (token: string) => keyedMac(deps.appSecret, 'operator-csrf', sha256(token));

  function newRecoveryCodes(): string[] {
    return Array.from({ length: 10 }, () => {
      const chars = [...deps.rng.bytes(10)]
        .map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length])
        .join('');
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });
  }

  /** The time step of a right code (one step of drift either side), or undefined. */
  async function totpStep(secret: string, code: string): Promise<number | undefined> {
    if (!/^\d{6}$/.test(code)) return undefined;
    const epoch = Math.floor(clock.now() / 1000);
    const result = await verify({ secret, token: code, epoch, epochTolerance: 30 });
    return result.valid ? Math.floor(epoch / 30) + result.delta : undefined;
  }

  const isLocked = (operator: OperatorRecord) =>
    operator.lockedUntil !== null && operator.lockedUntil.getTime() > clock.now();
  const lockedError = () => new AppError('RATE_LIMITED', { message: AdminMessage.locked });
  const badCode = () => new AppError('VALIDATION_ERROR', { fields: { code: AdminMessage.badCode } });

  async function openSession(operatorId: number, stage: 'password' | 'active', actor: Actor) {
    const token = randomToken(deps.rng, 256);
    const at = now();
    const expiresAt = new Date(at.getTime() + (stage === 'active' ? policy.absoluteMs : policy.pendingMs));
    await repository.insertSession({
      operatorId,
      tokenHash: sha256(token),
      stage,
      at,
      expiresAt,
      ip: actor.ip,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
    });
    return { token, csrfToken: csrfOf(token), expiresAt };
  }

  /** The pending sign-in of a token (between password and code), or a 401. */
  async function pendingSignIn(token: string | null) {
    const found = token ? await repository.sessionByToken(sha256(token)) : undefined;
    if (
      !found ||
      found.session.stage !== 'password' ||
      found.session.endedAt !== null ||
      found.session.expiresAt.getTime() <= clock.now()
    ) {
      throw new AppError('AUTHENTICATION');
    }
    if (found.operator.status !== 'active')
      throw new AppError('FORBIDDEN', { message: AdminMessage.blocked });
    if (isLocked(found.operator)) throw lockedError();
    return found;
  }

  /** Ends the pending session and opens the real one under a new token (no session fixation). */
  async function promote(found: { session: { id: number }; operator: OperatorRecord }, actor: Actor) {
    const at = now();
    await repository.endSession(found.session.id, 'signed_in', at);
    const opened = await openSession(found.operator.id, 'active', actor);
    await repository.recordLogin(found.operator.id, at);
    await audit(
      { ...actor, id: found.operator.id, email: found.operator.email },
      {
        action: 'operator.login',
        targetType: 'operator',
        targetId: String(found.operator.id),
        before: null,
        after: null,
      },
    );
    return opened;
  }

  function sessionView(operator: OperatorRecord, csrfToken: string, expiresAt: Date) {
    return {
      operator: {
        id: operator.id,
        email: operator.email,
        name: operator.name,
        roles: operator.roles,
        permissions: permissionsOf(operator.roles),
      },
      csrfToken,
      idleTimeoutSeconds: Math.floor(policy.idleMs / 1000),
      expiresAt: expiresAt.toISOString(),
    };
  }

  async function lockedOperator(id: number, tx: Db): Promise<OperatorRecord> {
    const operator = await repository.operator(id, tx, true);
    if (!operator) throw new AppError('NOT_FOUND');
    return operator;
  }

  /** Refuses a change that would leave no active administrator. */
  async function keepAnAdministrator(operator: OperatorRecord, stillAdministrator: boolean, tx: Db) {
    if (operator.status !== 'active' || !operator.roles.includes('administrator') || stillAdministrator)
      return;
    if ((await repository.otherActiveAdministrators(operator.id, tx)) === 0) {
      throw new AppError('CONFLICT', { message: AdminMessage.lastAdministrator });
    }
  }

  const notYourself = (id: number, actor: Actor) => {
    if (id === actor.id) throw new AppError('CONFLICT', { message: AdminMessage.notYourself });
  };

  return {
    csrfOf,

    // --- sign-in and sessions ------------------------------------------------------------------------
    async login(email: string, password: string, actor: Actor) {
      const operator = await repository.operatorByEmail(email);
      if (!operator) {
        await deps.hasher.verifyNothing(password);
        throw new AppError('BAD_CREDENTIALS');
      }
      if (isLocked(operator)) throw lockedError();
      if (!(await deps.hasher.verify(operator.passwordHash, password))) {
        await repository.recordFailure(operator.id, now(), policy.maxFailures, policy.lockMs);
        throw new AppError('BAD_CREDENTIALS');
      }
      if (operator.status !== 'active') throw new AppError('FORBIDDEN', { message: AdminMessage.blocked });
      let enrolment = null;
      if (operator.totpEnrolledAt === null) {
        const secret = generateSecret();
        await repository.savePendingTotp(operator.id, sealer.seal(secret));
        const otpauthUrl = generateURI({ issuer: deps.issuer, label: operator.email, secret });
        enrolment = {
          secret,
          otpauthUrl,
          qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }),
        };
      }
      const pending = await openSession(operator.id, 'password', actor);
      return {
        token: pending.token,
        answer: {
          next: enrolment ? ('enrol' as const) : ('totp' as const),
          enrolment,
          csrfToken: pending.csrfToken,
        },
      };
    },

    /** Step 2 for an enrolled operator: a TOTP code (each once) or an unused recovery code. */
    async verifyTotp(token: string | null, code: string, actor: Actor) {
      const found = await pendingSignIn(token);
      const { operator } = found;
      if (operator.totpEnrolledAt === null || !operator.totpSecretSealed)
        throw new AppError('AUTHENTICATION');
      const secret = sealer.open(operator.totpSecretSealed);
      const step = secret ? await totpStep(secret, code) : undefined;
      const accepted =
        step !== undefined
          ? await repository.claimTotpStep(operator.id, step)
          : /^[a-z0-9-]{10,11}$/i.test(code) &&
            (await repository.useRecoveryCode(operator.id, recoveryHash(code), now()));
      if (!accepted) {
        await repository.recordFailure(operator.id, now(), policy.maxFailures, policy.lockMs);
        throw badCode();
      }
      const opened = await promote(found, actor);
      return { token: opened.token, answer: sessionView(operator, opened.csrfToken, opened.expiresAt) };
    },

    /** Step 2 of the first sign-in: the first code of the new authenticator; answers recovery codes. */
    async enrolTotp(token: string | null, code: string, actor: Actor) {
      const found = await pendingSignIn(token);
      const { operator } = found;
      if (operator.totpEnrolledAt !== null || !operator.totpSecretSealed)
        throw new AppError('AUTHENTICATION');
      const secret = sealer.open(operator.totpSecretSealed);
      const step = secret ? await totpStep(secret, code) : undefined;
      if (step === undefined || !(await repository.claimTotpStep(operator.id, step))) {
        await repository.recordFailure(operator.id, now(), policy.maxFailures, policy.lockMs);
        throw badCode();
      }
      const recoveryCodes = newRecoveryCodes();
      const self = { ...actor, id: operator.id, email: operator.email };
      await db.transaction(async (tx) => {
        await repository.enrolTotp(operator.id, now(), recoveryCodes.map(recoveryHash), tx);
        await audit(
          self,
          {
            action: 'operator.totp_enrol',
            targetType: 'operator',
            targetId: String(operator.id),
            before: { totpEnrolled: false },
            after: { totpEnrolled: true },
          },
          tx,
        );
      });
      const opened = await promote(found, actor);
      return {
        token: opened.token,
        answer: { ...sessionView(operator, opened.csrfToken, opened.expiresAt), recoveryCodes },
      };
    },

    /**
     * The operator of a live session token, or a 401: signed in with both factors, not ended, within
     * its absolute lifetime and its idle timeout, and the operator not blocked.
     */
    async authenticate(token: string | null, actor: Omit<Actor, 'id' | 'email'>): Promise<SignedInOperator> {
      const found = token ? await repository.sessionByToken(sha256(token)) : undefined;
      if (!found || found.session.stage !== 'active' || found.session.endedAt !== null) {
        throw new AppError('AUTHENTICATION');
      }
      const { session, operator } = found;
      const at = clock.now();
      if (session.expiresAt.getTime() <= at) throw new AppError('AUTHENTICATION');
      if (session.lastSeenAt.getTime() + policy.idleMs <= at) {
        await repository.endSession(session.id, 'idle', new Date(at));
        throw new AppError('AUTHENTICATION');
      }
      if (operator.status !== 'active') throw new AppError('AUTHENTICATION');
      if (at - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await repository.touchSession(session.id, new Date(at));
      return {
        id: operator.id,
        email: operator.email,
        name: operator.name,
        roles: operator.roles,
        permissions: permissionsOf(operator.roles),
        sessionId: session.id,
        csrfToken: csrfOf(token!),
        expiresAt: session.expiresAt,
        ip: actor.ip,
        userAgent: actor.userAgent,
      };
    },

    async session(operator: SignedInOperator) {
      const record = await repository.operator(operator.id);
      if (!record) throw new AppError('AUTHENTICATION');
      return sessionView(record, operator.csrfToken, operator.expiresAt);
    },

    async logout(operator: SignedInOperator): Promise<void> {
      await db.transaction(async (tx) => {
        await repository.endSession(operator.sessionId, 'logout', now(), tx);
        await audit(
          operator,
          {
            action: 'operator.logout',
            targetType: 'operator',
            targetId: String(operator.id),
            before: null,
            after: null,
          },
          tx,
        );
      });
    },

    // --- operators ------------------------------------------------------------------------------------
    /** Enrols a published secret without a code (the demo's operators only; never for real ones). */
    async enrolKnownSecret(id: number, secret: string): Promise<void> {
      await repository.savePendingTotp(id, sealer.seal(secret));
      await db.transaction((tx) => repository.enrolTotp(id, now(), [], tx));
    },

    /** A new operator; `actor` null is the platform itself (the command-line tool, the demo). */
    async createOperator(
      input: { email: string; name: string; password: string; roles: OperatorRole[] },
      actor: Actor,
    ): Promise<OperatorRow> {
      const passwordHash = await deps.hasher.hash(input.password);
      const roles = [...new Set(input.roles)];
      return db.transaction(async (tx) => {
        const created = await repository.insertOperator(
          {
            email: input.email.toLowerCase(),
            name: input.name,
            passwordHash,
            roles,
            createdAt: now(),
            createdBy: actor.id,
          },
          tx,
        );
        if (!created) throw new AppError('VALIDATION_ERROR', { fields: { email: AdminMessage.emailTaken } });
        const view = operatorView(created);
        await audit(
          actor,
          {
            action: 'operator.create',
            targetType: 'operator',
            targetId: String(created.id),
            before: null,
            after: { email: view.email, name: view.name, roles: view.roles, status: view.status },
          },
          tx,
        );
        return view;
      });
    },

    async setRoles(id: number, roles: OperatorRole[], actor: Actor): Promise<OperatorRow> {
      const wanted = [...new Set(roles)];
      return db.transaction(async (tx) => {
        const operator = await lockedOperator(id, tx);
        await keepAnAdministrator(operator, wanted.includes('administrator'), tx);
        await repository.setRoles(id, wanted, tx);
        await audit(
          actor,
          {
            action: 'operator.roles',
            targetType: 'operator',
            targetId: String(id),
            before: { roles: operator.roles },
            after: { roles: wanted },
          },
          tx,
        );
        return operatorView({ ...operator, roles: wanted });
      });
    },

    async setBlocked(id: number, blocked: boolean, actor: Actor): Promise<OperatorRow> {
      notYourself(id, actor);
      return db.transaction(async (tx) => {
        const operator = await lockedOperator(id, tx);
        const status = blocked ? ('blocked' as const) : ('active' as const);
        if (blocked) await keepAnAdministrator(operator, false, tx);
        await repository.setStatus(id, status, tx);
        if (blocked) await repository.endSessionsOf(id, 'blocked', now(), tx);
        await audit(
          actor,
          {
            action: blocked ? 'operator.block' : 'operator.unblock',
            targetType: 'operator',
            targetId: String(id),
            before: { status: operator.status },
            after: { status },
          },
          tx,
        );
        return operatorView({ ...operator, status, lockedUntil: null, failedAttempts: 0 });
      });
    },

    /** Removes an operator's authenticator: they enrol a new one at their next sign-in. */
    async resetTotp(id: number, actor: Actor): Promise<OperatorRow> {
      notYourself(id, actor);
      return db.transaction(async (tx) => {
        const operator = await lockedOperator(id, tx);
        await repository.resetTotp(id, tx);
        await repository.endSessionsOf(id, 'totp_reset', now(), tx);
        await audit(
          actor,
          {
            action: 'operator.totp_reset',
            targetType: 'operator',
            targetId: String(id),
            before: { totpEnrolled: operator.totpEnrolledAt !== null },
            after: { totpEnrolled: false },
          },
          tx,
        );
        return operatorView({ ...operator, totpEnrolledAt: null });
      });
    },

    async listOperators(
      query: ListQuery<keyof typeof OPERATOR_COLUMNS> & {
        query?: string | undefined;
        role?: OperatorRole | undefined;
        status?: 'active' | 'blocked' | undefined;
      },
    ) {
      const window = listWindow(OPERATOR_COLUMNS, query, 'id', CSV_MAX_ROWS);
      const { rows, total } = await repository.listOperators(query, window);
      return listPage(rows.map(operatorView), total, query);
    },

    operatorsCsv(rows: OperatorRow[]): string {
      return toCsv(
        ['id', 'e-mail', 'имя', 'роли', 'статус', 'TOTP', 'последний вход', 'создан'],
        rows.map((o) => [
          o.id,
          o.email,
          o.name,
          o.roles.join(' '),
          o.status,
          o.totpEnrolled ? 'да' : 'нет',
          o.lastLoginAt,
          o.createdAt,
        ]),
      );
    },

    // --- audit log ------------------------------------------------------------------------------------
    async listAudit(
      query: ListQuery<keyof typeof AUDIT_COLUMNS> & {
        operatorId?: number | undefined;
        action?: string | undefined;
        targetType?: string | undefined;
        targetId?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      const window = listWindow(AUDIT_COLUMNS, query, 'at', CSV_MAX_ROWS);
      const filters = {
        ...query,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      };
      const { rows, total } = await repository.listAudit(filters, window, query.page !== undefined);
      return listPage(rows.map(auditView), total, query);
    },

    auditCsv(rows: AuditEntry[]): string {
      return toCsv(
        ['id', 'время (UTC)', 'оператор', 'IP', 'браузер', 'действие', 'объект', 'id объекта', 'до', 'после'],
        rows.map((r) => [
          r.id,
          r.at,
          r.operatorEmail,
          r.ip,
          r.userAgent,
          r.action,
          r.targetType,
          r.targetId,
          r.before,
          r.after,
        ]),
      );
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
