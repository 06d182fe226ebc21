import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { settings } from './settings.tables.ts';

export interface SettingRow {
  alias: string;
  value: unknown;
}

export function createSettingsRepository(db: Db) {
  return {
    async listPublic(): Promise<SettingRow[]> {
      return db
        .select({ alias: settings.alias, value: settings.value })
        .from(settings)
        .where(eq(settings.isPublic, true))
        .orderBy(asc(settings.alias));
    },
    async find(alias: string): Promise<SettingRow | undefined> {
      const rows = await db
        .select({ alias: settings.alias, value: settings.value })
        .from(settings)
        .where(eq(settings.alias, alias))
        .limit(1);
      return rows[0];
    },
    listByAlias(aliases: readonly string[]) {
      return db
        .select({ alias: settings.alias, value: settings.value, updatedAt: settings.updatedAt })
        .from(settings)
        .where(inArray(settings.alias, [...aliases]));
    },
    async findForUpdate(alias: string, executor: Db) {
      const [row] = await executor
        .select({ alias: settings.alias, value: settings.value })
        .from(settings)
        .where(eq(settings.alias, alias))
        .for('update')
        .limit(1);
      return row;
    },
    async save(alias: string, value: unknown, at: Date, executor: Db) {
      const [row] = await executor
        .insert(settings)
        .values({ alias, value, updatedAt: at })
        .onConflictDoUpdate({ target: settings.alias, set: { value, updatedAt: at } })
        .returning({ alias: settings.alias, value: settings.value, updatedAt: settings.updatedAt });
      return row!;
    },
    /** Adds settings that do not exist yet; an operator's edited value is never overwritten. */
    async insertMissing(entries: readonly SettingRow[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insert(settings)
        .values(entries.map((entry) => ({ alias: entry.alias, value: entry.value })))
        .onConflictDoNothing();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
