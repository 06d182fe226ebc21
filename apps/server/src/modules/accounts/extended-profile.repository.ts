import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

/** A player's extended profile as stored (migration 0033: extended_profiles). */
export interface ExtendedProfileRow {
  firstName: string;
  lastName: string;
  middleName: string | null;
  country: string;
  city: string;
  address: string;
  postalCode: string;
  filledAt: Date;
}

function rowOf(row: Record<string, unknown>): ExtendedProfileRow {
  return {
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    middleName: (row.middle_name as string | null) ?? null,
    country: String(row.country),
    city: String(row.city),
    address: String(row.address),
    postalCode: String(row.postal_code),
    filledAt: new Date(row.filled_at as string),
  };
}

/** The extended profiles (ADR 040). */
export function createExtendedProfileRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction(work),

    async find(userId: number, executor: Db = db): Promise<ExtendedProfileRow | null> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from extended_profiles where user_id = ${userId}`,
      );
      return rows[0] ? rowOf(rows[0]) : null;
    },

    async isFilled(userId: number): Promise<boolean> {
      const rows = await queryRows<{ one: unknown }>(
        db,
        sql`select 1 as one from extended_profiles where user_id = ${userId}`,
      );
      return rows.length > 0;
    },

    /**
     * Saves the profile; answers whether this save completed it for the first time (the row is new:
     * two saves racing complete it once).
     */
    async save(
      userId: number,
      profile: Omit<ExtendedProfileRow, 'filledAt'>,
      at: Date,
      executor: Db,
    ): Promise<{ first: boolean }> {
      const iso = at.toISOString();
      const rows = await queryRows<{ first: unknown }>(
        executor,
        sql`insert into extended_profiles (user_id, first_name, last_name, middle_name, country, city, address,
              postal_code, filled_at, updated_at)
            values (${userId}, ${profile.firstName}, ${profile.lastName}, ${profile.middleName}, ${profile.country},
              ${profile.city}, ${profile.address}, ${profile.postalCode}, ${iso}::timestamptz, ${iso}::timestamptz)
            on conflict (user_id) do update set first_name = excluded.first_name, last_name = excluded.last_name,
              middle_name = excluded.middle_name, country = excluded.country, city = excluded.city,
              address = excluded.address, postal_code = excluded.postal_code, updated_at = excluded.updated_at
            returning (xmax = 0) as first`,
      );
      return { first: rows[0]?.first === true };
    },

    /** The country targeting uses, when the edge did not give one at registration. */
    async fillCountry(userId: number, country: string, executor: Db): Promise<void> {
      await executor.execute(
        sql`update users set country = ${country} where id = ${userId} and country is null`,
      );
    },
  };
}

export type ExtendedProfileRepository = ReturnType<typeof createExtendedProfileRepository>;
