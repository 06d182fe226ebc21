import {
  EXPECTATION_HEADER,
  REASON_HEADER,
  SUSPICIOUS_ACTIVITY,
  VERIFICATIONS,
  type Verification,
} from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Authenticated } from '../accounts/index.ts';
import type { SettingsService } from '../settings/index.ts';

/** The label anti-fraud puts on an account whose money movements are stopped. */
export const SUSPICIOUS_LABEL = 'suspicious_activity';

const DEFAULT_REQUIREMENTS: Record<'deposit' | 'withdrawal', Verification[]> = {
  deposit: [],
  withdrawal: ['email-verified'],
};

/**
 * What a player must have verified before moving money (operator setting `payment_verification`,
 * `{deposit: [...], withdrawal: [...]}`), answered as 417 with the `Expectation` header the client
 * opens the matching verification view for; an account flagged by anti-fraud gets 403 with
 * `Reason: suspicious activity` (spec §4, §8).
 */
export function createPaymentGates(
  settings: SettingsService,
  financeBlocked: (userId: number) => Promise<boolean> = async () => false,
) {
  async function requirements(direction: 'deposit' | 'withdrawal'): Promise<Verification[]> {
    const configured = await settings
      .get<Record<string, unknown> | null>('payment_verification')
      .catch(() => null);
    const list = configured?.[direction];
    return Array.isArray(list)
      ? list.filter((v): v is Verification => (VERIFICATIONS as readonly string[]).includes(v as string))
      : DEFAULT_REQUIREMENTS[direction];
  }

  return {
    async check(auth: Authenticated, direction: 'deposit' | 'withdrawal'): Promise<void> {
      if (auth.user.labels.includes(SUSPICIOUS_LABEL)) {
        throw new AppError('SUSPICIOUS_ACTIVITY', { headers: { [REASON_HEADER]: SUSPICIOUS_ACTIVITY } });
      }
      const verified: Record<Verification, boolean> = {
        'email-verified': auth.user.emailConfirmed,
        'phone-verified': auth.user.phoneConfirmed,
        'kyc-verified': auth.roles.verified,
      };
      // An operator's block_finance_activity sends the player to the verification view (spec §4).
      if (await financeBlocked(auth.user.id)) {
        throw new AppError('EXPECTATION_FAILED', { headers: { [EXPECTATION_HEADER]: 'kyc-verified' } });
      }
      const missing = (await requirements(direction)).find((need) => !verified[need]);
      if (missing) throw new AppError('EXPECTATION_FAILED', { headers: { [EXPECTATION_HEADER]: missing } });
    },
  };
}

export type PaymentGates = ReturnType<typeof createPaymentGates>;
