import type { SettingEntry } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SettingsRepository, SettingRow } from './settings.repository.ts';

export interface SettingsServiceOptions {
  /** Settings computed from configuration rather than stored (the public signature key). */
  computed: Record<string, unknown>;
  /** When a change is stamped (the platform's clock). */
  clock: Clock;
}

export function createSettingsService(repository: SettingsRepository, options: SettingsServiceOptions) {
  const computed = Object.entries(options.computed).map(([alias, value]) => ({ alias, value }));
  return {
    /** The public settings in the spec's list format: values are JSON strings. */
    async list(): Promise<SettingEntry[]> {
      const stored = await repository.listPublic();
      const names = new Set(stored.map((row) => row.alias));
      return [...stored, ...computed.filter((row) => !names.has(row.alias))].map((row) => ({
        alias: row.alias,
        value: JSON.stringify(row.value),
      }));
    },
    /** One setting's value; an unknown name is SETTING_NOT_FOUND. */
    async get<T = unknown>(alias: string): Promise<T> {
      const row = await repository.find(alias);
      if (row) return row.value as T;
      const fallback = computed.find((entry) => entry.alias === alias);
      if (fallback) return fallback.value as T;
      throw new AppError('SETTING_NOT_FOUND');
    },
    /** Changes one setting (the back office's operator changes, audited by the caller on `executor`). */
    set: async (alias: string, value: unknown, executor: Parameters<SettingsRepository['save']>[3]) => {
      await repository.save(alias, value, new Date(options.clock.now()), executor);
    },
    async ensureDefaults(entries: readonly SettingRow[]): Promise<void> {
      await repository.insertMissing(entries);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
