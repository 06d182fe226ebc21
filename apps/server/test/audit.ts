import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/platform/db/database.ts';

/** One row of the operators' audit log as a test reads it (ids as numbers on PGlite and PostgreSQL alike). */
export interface AuditRow {
  operator_id: number | null;
  operator_email: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

/** The audit rows of one action (and target), oldest first. */
export const auditRowsOf = (db: Db, action: string, targetId?: string): Promise<AuditRow[]> =>
  queryRows<AuditRow>(
    db,
    sql`select operator_id::int as operator_id, operator_email, target_id, before, after, ip
          from operator_audit
         where action = ${action} ${targetId === undefined ? sql`` : sql`and target_id = ${targetId}`}
         order by id`,
  );
