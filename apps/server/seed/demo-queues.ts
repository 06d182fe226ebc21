import type { Database } from '../src/platform/db/database.ts';
import { runSeedOnce } from '../src/platform/db/seed-runs.ts';
import type { AccountsService } from '../src/modules/accounts/index.ts';
import type { DemoWithdrawal } from '../src/modules/payments/index.ts';
import type { VerificationService } from '../src/modules/verification/index.ts';
import { demoDocumentPng } from './demo-document.ts';

/** The demo players behind the back office's queues (demo only; README lists them). */
export const DEMO_PLAYER_PASSWORD = 'kometa-demo-player';
const PLAYERS = [
  { email: 'anna.demo@kometa.test', birthday: { day: 12, month: 3, year: 1991 } },
  { email: 'boris.demo@kometa.test', birthday: { day: 2, month: 11, year: 1986 } },
  { email: 'vera.demo@kometa.test', birthday: { day: 27, month: 7, year: 1995 } },
] as const;

/**
 * Demo players with withdrawals waiting in the back office's queue and a passport waiting for a KYC
 * check (ADR 036), once per database: the queues are not empty on `npm start`.
 */
export async function loadDemoQueues(
  database: Database,
  modules: {
    accounts: Pick<AccountsService, 'register'>;
    verification: Pick<VerificationService, 'upload'>;
    loadDemoWithdrawals: (withdrawals: DemoWithdrawal[]) => Promise<void>;
  },
): Promise<void> {
  await runSeedOnce(database, 'demo-back-office-queues-v1', async () => {
    const ids: number[] = [];
    for (const player of PLAYERS) {
      const { user } = await modules.accounts.register(
        { email: player.email, password: DEMO_PLAYER_PASSWORD, birthday: player.birthday, agreeRules: true },
        { ip: '127.0.0.1', userAgent: 'demo seed' },
      );
      ids.push(user.id);
    }
    const [anna, boris, vera] = ids as [number, number, number];
    await modules.loadDemoWithdrawals([
      {
        userId: anna,
        currency: 'RUB',
        systemId: 'sandbox-card-out',
        amount: 7_500_000,
        requisites: { card: '220070******4417' },
        reviewReason: 'amount or account needs an operator',
        minutesAgo: 95,
      },
      {
        userId: boris,
        currency: 'RUB',
        systemId: 'sandbox-card-out',
        amount: 12_000_000,
        requisites: { card: '427638******0925' },
        reviewReason: 'amount or account needs an operator',
        minutesAgo: 40,
      },
      {
        userId: vera,
        currency: 'RUB',
        systemId: 'sandbox-purse-out',
        amount: 4_850_000,
        requisites: { purse: 'P1048576' },
        reviewReason: 'account needs an operator',
        minutesAgo: 12,
      },
    ]);
    await modules.verification.upload(anna, 'passport', demoDocumentPng());
    await modules.verification.upload(vera, 'id_card', demoDocumentPng([13, 148, 136]));
  });
}
