import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { runOperatorCommand } from './operator-commands.ts';

const t = useTestApp({ env: { SEED_DEMO: 'false' } });

describe('npm run operator', () => {
  it('creates the first administrator with a generated password, audited as the platform', async () => {
    const out = await runOperatorCommand(
      ['create', '--email', 'First@Admin.test', '--role', 'administrator'],
      t.operator.operators,
    );
    expect(out).toMatch(/Operator \d+ created: first@admin\.test \(administrator\)/);
    expect(out).toMatch(/Password \(shown once\): \S{20}/);
    await expect(
      runOperatorCommand(
        ['create', '--email', 'first@admin.test', '--role', 'finance'],
        t.operator.operators,
      ),
    ).rejects.toThrow('exists already');
    await expect(
      runOperatorCommand(['create', '--email', 'x@admin.test', '--role', 'king'], t.operator.operators),
    ).rejects.toThrow('roles');
    const audit = await t.operator.operators.listAudit({
      action: 'operator.create',
      order: 'desc',
      page: 1,
      pageSize: 10,
    });
    expect(audit.items[0]).toMatchObject({ operatorId: null, userAgent: 'npm run operator' });
  });
});
