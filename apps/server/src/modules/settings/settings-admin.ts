import {
  ContentAdminMessage as M,
  EDITABLE_SETTINGS,
  EDITABLE_SETTING_KEYS,
  type EditableSetting,
  type SettingAdminRow,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Actor, AdminRoutes, AuditWriter } from '../operators/index.ts';
import type { SettingsRepository } from './settings.repository.ts';

export interface SettingsAdminPorts {
  audit: AuditWriter;
  /** Drops the guest caches: the site reads the new value at once (ADR 038). */
  invalidate: () => Promise<void>;
}

const isEditable = (alias: string): alias is EditableSetting => alias in EDITABLE_SETTINGS;

/** The back office's settings screen (ADR 038): the editable keys, each checked by its own schema. */
export function createSettingsAdmin(deps: {
  db: Db;
  repository: SettingsRepository;
  clock: Clock;
  ports: SettingsAdminPorts;
}) {
  const { db, repository, clock, ports } = deps;
  const service = {
    async list(): Promise<SettingAdminRow[]> {
      const rows = await repository.listByAlias(EDITABLE_SETTING_KEYS);
      const byAlias = new Map(rows.map((row) => [row.alias, row]));
      return EDITABLE_SETTING_KEYS.map((alias) => ({
        alias,
        value: byAlias.get(alias)?.value ?? null,
        updatedAt: byAlias.get(alias)?.updatedAt?.toISOString() ?? null,
      }));
    },
    async update(alias: string, value: unknown, actor: Actor): Promise<SettingAdminRow> {
      if (!isEditable(alias)) throw new AppError('NOT_FOUND', { message: M.settingNotEditable });
      const parsed = EDITABLE_SETTINGS[alias].safeParse(value);
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((issue) => [
            ['value', ...issue.path.map(String)].join('.'),
            issue.message.startsWith('errors.') ? issue.message : M.badSetting,
          ]),
        );
        throw new AppError('VALIDATION_ERROR', { fields });
      }
      const row = await db.transaction(async (tx) => {
        const before = await repository.findForUpdate(alias, tx);
        const saved = await repository.save(alias, parsed.data, new Date(clock.now()), tx);
        await ports.audit(
          actor,
          {
            action: 'setting.update',
            targetType: 'setting',
            targetId: alias,
            before: before ? { value: before.value } : null,
            after: { value: saved.value },
          },
          tx,
        );
        return saved;
      });
      await ports.invalidate();
      return { alias: row.alias, value: row.value, updatedAt: row.updatedAt.toISOString() };
    },
  };
  const routes: AdminRoutes = ({ route, operatorOf }) => {
    route('listSettings', async () => ({ data: await service.list() }));
    route('updateSetting', async (request, _reply, { params, body }) => ({
      data: await service.update(params.alias, body.value, operatorOf(request)),
    }));
  };
  return { service, routes };
}
