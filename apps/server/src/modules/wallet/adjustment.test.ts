import { describe, expect, it } from 'vitest';
import { useLedgerSuite } from '../../../test/ledger.ts';
import { insertPlayers } from '../../../test/players.ts';
import { manualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { adjustmentPosting } from './index.ts';

const clock = manualClock(Date.UTC(2026, 10, 25, 2, 34, 0));
const suite = useLedgerSuite({ clock });
const { t } = suite;

describe('a manual balance adjustment', () => {
  it('credits and debits the real balance against the house, once per key, and never below zero', async () => {
    const [player] = await insertPlayers(t.platform.database.db, 1);
    const credit = adjustmentPosting({
      key: 'adjustment:test:1',
      userId: player!,
      currency: 'RUB',
      amount: 150_000,
      reference: 'approval:1',
    });
    expect((await suite.ledger.post(credit)).balancesAfter).toEqual([150_000, null]);
    expect((await suite.ledger.post(credit)).replayed).toBe(true);
    expect(await suite.wallets.realBalance(player!, 'RUB')).toBe(150_000);

    const debit = (amount: number, key: string) =>
      suite.ledger.post(adjustmentPosting({ key, userId: player!, currency: 'RUB', amount, reference: 'r' }));
    expect((await debit(-50_000, 'adjustment:test:2')).balancesAfter[0]).toBe(100_000);
    const refused = await debit(-100_001, 'adjustment:test:3').catch((error: unknown) => error);
    expect(refused instanceof AppError && refused.codeName).toBe('INSUFFICIENT_FUNDS');
    expect(await suite.wallets.realBalance(player!, 'RUB')).toBe(100_000);
  });
});
