import { sql } from 'drizzle-orm';
import { ProviderStatus, type ProviderStatusValue } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

/**
 * The responsible-gaming hook every bet passes, inside the transaction that debits it (PRODUCT.md):
 * answers the refusal, or null to let the bet through. The self-exclusion and limit rules of the
 * player-protection feature plug in here; today it refuses accounts the operator disabled or that
 * excluded themselves (labels `disabled`, `self_excluded`).
 */
export type BetGuard = (
  tx: Db,
  bet: { userId: number; amount: number; currency: string },
) => Promise<Extract<ProviderStatusValue, 'RS_ERROR_USER_DISABLED' | 'RS_ERROR_LIMIT_REACHED'> | null>;

export const DISABLED_LABELS = ['disabled', 'self_excluded'] as const;

export const labelGuard: BetGuard = async (tx, bet) => {
  const [row] = await queryRows<{ blocked: boolean }>(
    tx,
    sql`select labels && ${`{${DISABLED_LABELS.join(',')}}`}::text[] as blocked from users where id = ${bet.userId} for share`,
  );
  return row?.blocked ? ProviderStatus.USER_DISABLED : null;
};
