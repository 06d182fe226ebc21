import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
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
    /** Work in one transaction (a fact and its activity event, ADR 029). */
    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction(work),
    async insertUser(user: NewUser, executor: Db = db): Promise<UserRow> {
      const [row] = await executor.insert(users).values(user).returning();
      if (!row) throw new Error('insert returned no user');
      return row;
    },
    async findUserById(id: number, executor: Db = db): Promise<UserRow | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /**
     * Other accounts whose e-mail or phone is the same as this player's once normalised (case, +tags,
     * Gmail's dots; phone digits): one welcome bonus per person.
     */
    async contactLookalikes(id: number): Promise<{ userId: number; on: 'email' | 'phone' }[]> {
      const normalEmail = (column: ReturnType<typeof sql>) => sql`case
          when split_part(lower(${column}), '@', 2) in ('gmail.com', 'googlemail.com')
            then replace(split_part(split_part(lower(${column}), '@', 1), '+', 1), '.', '') || '@gmail.com'
          else split_part(split_part(lower(${column}), '@', 1), '+', 1) || '@' || split_part(lower(${column}), '@', 2)
        end`;
      const rows = await queryRows<{ id: unknown; on: string }>(
        db,
        sql`with me as (select ${normalEmail(sql`email`)} as email, regexp_replace(phone, '[^0-9]', '', 'g') as phone
                          from users where id = ${id})
            select u.id, case when ${normalEmail(sql`u.email`)} = me.email then 'email' else 'phone' end as on
            from users u, me
            where u.id <> ${id}
              and ((me.email is not null and ${normalEmail(sql`u.email`)} = me.email)
                or (me.phone is not null and me.phone <> '' and regexp_replace(u.phone, '[^0-9]', '', 'g') = me.phone))
            limit 20`,
      );
      return rows.map((row) => ({ userId: Number(row.id), on: row.on as 'email' | 'phone' }));
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
    /** A new phone for an account whose phone is not confirmed (it waits for its code). */
    async setUnconfirmedPhone(userId: number, phone: string): Promise<boolean> {
      const changed = await db
        .update(users)
        .set({ phone })
        .where(and(eq(users.id, userId), eq(users.phoneConfirmed, false)))
        .returning({ id: users.id });
      return changed.length === 1;
    },
    /** Marks a contact confirmed; false when it already was (the fact happens once). */
    async confirmContact(userId: number, contact: 'email' | 'phone', executor: Db = db): Promise<boolean> {
      const column = contact === 'email' ? users.emailConfirmed : users.phoneConfirmed;
      const changed = await executor
        .update(users)
        .set(contact === 'email' ? { emailConfirmed: true } : { phoneConfirmed: true })
        .where(and(eq(users.id, userId), eq(column, false)))
        .returning({ id: users.id });
      return changed.length === 1;
    },
    async recordLogin(userId: number, at: Date, executor: Db = db): Promise<void> {
      await executor
        .update(users)
        .set({ previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: at })
        .where(eq(users.id, userId));
    },

    /**
     * The session a login at `at` opened, when no earlier session of the player had its browser
     * (User-Agent); null for a known browser, or for the player's first session ever.
     */
    async newDeviceSession(
      userId: number,
      at: Date,
      executor: Db = db,
    ): Promise<{ userAgent: string | null; ip: string | null } | null> {
      const [opened] = await executor
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), lte(sessions.createdAt, new Date(at.getTime() + 5_000))))
        .orderBy(desc(sessions.id))
        .limit(1);
      if (!opened) return null;
      const [earlier] = await queryRows<{ total: string; same: string }>(
        executor,
        sql`select count(*)::text as total,
                   count(*) filter (where user_agent is not distinct from ${opened.userAgent})::text as same
              from sessions where user_id = ${userId} and id < ${opened.id}`,
      );
      if (Number(earlier?.total ?? 0) === 0 || Number(earlier?.same ?? 0) > 0) return null;
      return { userAgent: opened.userAgent, ip: opened.ip };
    },

    /** The operator's address of the player's latest session that recorded one (ADR 041). */
    async lastSiteOrigin(userId: number, executor: Db = db): Promise<string | null> {
      const [row] = await executor
        .select({ siteOrigin: sessions.siteOrigin })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNotNull(sessions.siteOrigin)))
        .orderBy(desc(sessions.id))
        .limit(1);
      return row?.siteOrigin ?? null;
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
