import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Proves `npm run lint` fails when code crosses an architectural boundary (ARCHITECTURE.md). */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('architecture boundaries', () => {
  it('a module may not reach into another module’s repository, tables or service', async () => {
    for (const target of [
      '../settings/settings.repository.ts',
      '../settings/settings.tables.ts',
      '../settings/settings.service.ts',
    ]) {
      const found = await problems(
        'apps/server/src/modules/content/content.service.ts',
        `import { x } from '${target}';\nexport const y = x;\n`,
      );
      expect(found.join('\n')).toContain('only through its index.ts');
    }
  });

  it('a module may use another module’s index.ts and the platform', async () => {
    const found = await problems(
      'apps/server/src/modules/content/content.service.ts',
      `import { type SettingsService } from '../settings/index.ts';\nimport { AppError } from '../../platform/http/app-error.ts';\nexport type S = SettingsService;\nexport const E = AppError;\n`,
    );
    expect(found).toEqual([]);
  });

  it('the web may not import the server or the game server', async () => {
    for (const source of ['@kometa/server', '../../../server/src/app.ts', '@kometa/games']) {
      const found = await problems(
        'apps/web/app/features/lobby/x.ts',
        `import { x } from '${source}';\nexport const y = x;\n`,
      );
      expect(found.join('\n')).toContain('never imports the server');
    }
  });

  it('a web feature may not import another feature, only its own files, ui/ and lib/', async () => {
    const found = await problems(
      'apps/web/app/features/shell/components/Header.tsx',
      `import { authApi } from '../../auth/api/auth.ts';\nexport const y = authApi;\n`,
    );
    expect(found.join('\n')).toContain('Features never import features');
    const allowed = await problems(
      'apps/web/app/features/shell/components/Header.tsx',
      `import { useShellStore } from '../shell-store.ts';\nimport { Modal } from '../../../ui/Modal.tsx';\nimport { ru } from '../../../i18n/ru.ts';\nexport const y = [useShellStore, Modal, ru];\n`,
    );
    expect(allowed).toEqual([]);
    // Routes compose features.
    expect(
      await problems(
        'apps/web/app/routes/payment.tsx',
        `import { cashierApi } from '../features/cashier/api/cashier.server.ts';\nimport { authApi } from '../features/auth/api/auth.ts';\nexport const y = [cashierApi, authApi];\n`,
      ),
    ).toEqual([]);
  });

  it('packages may not import apps; platform may not import modules', async () => {
    expect(
      (
        await problems(
          'packages/money/src/x.ts',
          `import { x } from '@kometa/server';\nexport const y = x;\n`,
        )
      ).join(),
    ).toContain('never import apps');
    expect(
      (
        await problems(
          'apps/server/src/platform/http/x.ts',
          `import { x } from '../../modules/settings/index.ts';\nexport const y = x;\n`,
        )
      ).join(),
    ).toContain('never imports a module');
  });

  it('process.env is read only in config.ts and there are no export * barrels', async () => {
    expect(
      (await problems('apps/server/src/platform/x.ts', 'export const a = process.env.A;\n')).join(),
    ).toContain('config.ts');
    expect(await problems('apps/server/src/config.ts', 'export const a = process.env.A;\n')).toEqual([]);
    expect((await problems('packages/money/src/x.ts', "export * from './y.ts';\n")).join()).toContain(
      'export *',
    );
  });
});
