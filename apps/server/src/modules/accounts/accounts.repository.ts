import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { authEvents, loginLookups, sessions, userCounters, users } from './accounts.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type AuthEvent = typeof authEvents.$inferInsert;

/** Which unique field a failed insert collided with, from PostgreSQL's unique-violation details. */
export function uniqueViolation(error: unknown): 'email' | 'phone' | 'username' | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === '23505') {
      const name = e.constraint ?? e.message ?? '';
      if (name.includes('users_email')) return 'email';
      if (name.includes('users_phone')) return 'phone';
      if (name.includes('users_username')) return 'username';
    }
    current = e.cause;
  }
  return undefined;
}

export function createAccountsRepository(db: Db) {
  return {
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('insert returned no user');
      return row;
    },
    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findUsersByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },
    async idsWithAnyLabel(labels: string[]): Promise<number[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from users where labels && ${`{${labels.join(',')}}`}::text[]`,
      );
      return rows.map((row) => Number(row.id));
    },
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findUserByPhone(phone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
      return row;
    },
    /** Which of these values already belong to an account. */
    async takenFields(values: { email?: string; phone?: string; username?: string }) {
      const taken = new Set<'email' | 'phone' | 'username'>();
      if (values.email && (await this.findUserByEmail(values.email))) taken.add('email');
      if (values.phone && (await this.findUserByPhone(values.phone))) taken.add('phone');
      if (values.username) {
        const [row] = await db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.username}) = lower(${values.username})`)
          .limit(1);
        if (row) taken.add('username');
      }
      return taken;
    },
    async recordLogin(userId: number, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: at })
        .where(eq(users.id, userId));
    },

    async insertSession(session: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(session).returning();
      if (!row) throw new Error('insert returned no session');
      return row;
    },
    async findSessionByHash(tokenHash: Buffer): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
    async touchSession(id: number, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    async revokeSession(id: number, at: Date, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    async revokeAllSessions(userId: number, at: Date, reason: string): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    /** Adds and removes labels (verification decisions, operator flags); answers the labels after. */
    async changeLabels(userId: number, add: string[], remove: string[]): Promise<string[]> {
      const [row] = await queryRows<{ labels: string[] }>(
        db,
        sql`update users set labels = array(
              select distinct label from unnest(labels || ${`{${add.join(',')}}`}::text[]) as label
              where label <> all(${`{${remove.join(',')}}`}::text[]) order by label)
            where id = ${userId} returning labels`,
      );
      return row?.labels ?? [];
    },
    /** When the player logged in for this session: the first of its chain of refreshes. */
    async loginTime(sessionId: number): Promise<Date> {
      const [row] = await queryRows<{ login: string }>(
        db,
        sql`with recursive chain(id, created_at) as (
              select id, created_at from sessions where id = ${sessionId}
              union all
              select s.id, s.created_at from sessions s join chain c on s.replaced_by = c.id
            )
            select min(created_at) as login from chain`,
      );
      return new Date(row!.login);
    },
    /** Seconds the player was logged in since `since` (each session from login to its last use). */
    async sessionSeconds(userId: number, since: Date): Promise<number> {
      const [row] = await queryRows<{ seconds: string | number | null }>(
        db,
        sql`select sum(extract(epoch from (last_seen_at - greatest(created_at, ${since.toISOString()}::timestamptz))))
              as seconds
            from sessions where user_id = ${userId} and last_seen_at > ${since.toISOString()}::timestamptz`,
      );
      return Math.max(0, Math.floor(Number(row?.seconds ?? 0)));
    },
    async revokeOtherSessions(userId: number, keepId: number, at: Date, reason: string): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async listLiveSessions(userId: number, now: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt));
    },
    /**
     * Refresh in one transaction: the old session row is locked, so of two concurrent refreshes one
     * rotates and the other finds the successor already there.
     */
    async rotateSession(
      oldId: number,
      make: (
        old: SessionRow,
      ) => { successor: typeof sessions.$inferInsert; tokenEnc: string } | 'reuse' | null,
      at: Date,
    ): Promise<'created' | 'reused' | null> {
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(sessions).where(eq(sessions.id, oldId)).for('update').limit(1);
        if (!old) return null;
        // `make` must not touch the database: on PGlite a second query outside this transaction waits
        // for it forever.
        const decision = make(old);
        if (!decision) return null;
        if (decision === 'reuse') return 'reused';
        const [created] = await tx.insert(sessions).values(decision.successor).returning();
        if (!created) throw new Error('insert returned no session');
        await tx
          .update(sessions)
          .set({
            revokedAt: at,
            revokedReason: 'refreshed',
            replacedBy: created.id,
            successorTokenEnc: decision.tokenEnc,
          })
          .where(eq(sessions.id, oldId));
        return 'created';
      });
    },
    async insertLookup(lookup: typeof loginLookups.$inferInsert): Promise<void> {
      await db.insert(loginLookups).values(lookup);
    },
    /** Marks a live lookup used and returns its user; a used or expired lookup returns nothing. */
    async useLookup(tokenHash: Buffer, at: Date): Promise<number | undefined> {
      const [row] = await db
        .update(loginLookups)
        .set({ usedAt: at })
        .where(
          and(
            eq(loginLookups.tokenHash, tokenHash),
            isNull(loginLookups.usedAt),
            gt(loginLookups.expiresAt, at),
          ),
        )
        .returning({ userId: loginLookups.userId });
      return row?.userId;
    },
    async findLiveLookup(
      tokenHash: Buffer,
      at: Date,
    ): Promise<{ userId: number; protectionRequired: boolean; via: 'password' | 'oauth' } | undefined> {
      const [row] = await db
        .select({
          userId: loginLookups.userId,
          protectionRequired: loginLookups.protectionRequired,
          via: loginLookups.via,
        })
        .from(loginLookups)
        .where(
          and(
            eq(loginLookups.tokenHash, tokenHash),
            isNull(loginLookups.usedAt),
            gt(loginLookups.expiresAt, at),
          ),
        )
        .limit(1);
      return row;
    },

    async updateUser(id: number, changes: Partial<NewUser>): Promise<UserRow> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
      if (!row) throw new Error('no such user');
      return row;
    },
    async counters(userId: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ name: userCounters.name, value: userCounters.value })
        .from(userCounters)
        .where(eq(userCounters.userId, userId));
      return new Map(rows.map((row) => [row.name, row.value]));
    },
    async resetCounter(userId: number, name: string): Promise<void> {
      await db
        .update(userCounters)
        .set({ value: 0 })
        .where(and(eq(userCounters.userId, userId), eq(userCounters.name, name)));
    },

    async recordEvent(event: AuthEvent): Promise<void> {
      await db.insert(authEvents).values(event);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
