import { COUNTER_NAMES, type User, type UserWallet } from '@kometa/contracts';
import { parseSum, type CurrencyCode } from '@kometa/money';
import { unixSeconds } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SettingsService } from '../settings/index.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { countsInPublicFigures, RoleLabel, rolesOf } from './roles.ts';
import type { Authenticated } from './sessions.service.ts';

/**
 * The player's profile (spec §3, §4): the User, its settings, the chip value, the header counters;
 * and how players appear to others in public lists.
 */
export function createProfileService(deps: {
  repository: AccountsRepository;
  settings: SettingsService;
  /** A changed chip value clears the player's active gift (gifts; ADR 040). */
  denominationChanged?: (userId: number) => Promise<void>;
}) {
  const { repository } = deps;

  /** available_denominations ("0.01,0.1,1,10", major units) as minor units. */
  async function availableDenominations(): Promise<number[]> {
    const raw = await deps.settings.get<string>('available_denominations').catch(() => '');
    const values: number[] = [];
    for (const item of String(raw).split(',')) {
      try {
        const value = parseSum(item);
        if (value > 0) values.push(value);
      } catch {
        // An operator typo drops that one value, not the whole list.
      }
    }
    return values;
  }

  return {
    async updateSettings(
      auth: Authenticated,
      changes: { autoLogout?: boolean | undefined; locale?: string | undefined },
    ) {
      const user = await repository.updateUser(auth.user.id, {
        ...(changes.autoLogout !== undefined ? { autoLogout: changes.autoLogout } : {}),
        ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
      });
      return { ...auth, user };
    },

    /**
     * Spec §4: a changed denomination keeps the previous one as the default to restore, and clears
     * the active gift (the deposit gift taken and waiting for its deposit goes back to the offered
     * gifts; ADR 040). Saving the same value changes nothing.
     */
    async setDenomination(auth: Authenticated, denomination: number) {
      const available = await availableDenominations();
      if (!available.includes(denomination)) {
        throw new AppError('VALIDATION_ERROR', { fields: { denomination: 'errors.invalid' } });
      }
      if (denomination === auth.user.denomination) return auth;
      await deps.denominationChanged?.(auth.user.id);
      const user = await repository.updateUser(auth.user.id, {
        defaultDenomination: auth.user.denomination,
        denomination,
      });
      return { ...auth, user };
    },

    async restoreDenomination(auth: Authenticated) {
      const user = await repository.updateUser(auth.user.id, { denomination: auth.user.defaultDenomination });
      return { ...auth, user };
    },

    async counters(auth: Authenticated) {
      const stored = await repository.counters(auth.user.id);
      return COUNTER_NAMES.map((name) => ({ name, value: stored.get(name) ?? 0 }));
    },

    async resetCounter(auth: Authenticated, name: string) {
      await repository.resetCounter(auth.user.id, name);
      return { name, value: 0 };
    },

    /**
     * How players appear in public lists (winners, ratings): a display name that reveals no contact
     * (the username, or the first letters of the e-mail's name), and whether they count there at all
     * (fake and tester accounts never do).
     */
    async publicPlayers(ids: number[]): Promise<Map<number, { name: string; isPublic: boolean }>> {
      const rows = await repository.findUsersByIds(ids);
      return new Map(
        rows.map((row) => {
          const local = (row.email ?? row.phone ?? 'player').split('@')[0]!.replace(/^\+/, '');
          const name = row.username ?? `${local.slice(0, 3)}***`;
          return [row.id, { name, isPublic: countsInPublicFigures(rolesOf(row.labels)) }];
        }),
      );
    },

    /** Fake and tester players: never in winners feeds, ratings or the hall of fame (PRODUCT.md). */
    hiddenFromPublicFigures: () => repository.idsWithAnyLabel([RoleLabel.fake, RoleLabel.tester]),

    changeLabels: (userId: number, add: string[], remove: string[]) =>
      repository.changeLabels(userId, add, remove),

    /** The User of spec §3; fields of features not built yet hold their neutral defaults. */
    self(auth: Authenticated, wallets: UserWallet[]): User {
      const u = auth.user;
      const labels = u.labels;
      return {
        id: u.id,
        created: unixSeconds(u.createdAt),
        email: u.email,
        emailConfirmed: u.emailConfirmed,
        phone: u.phone,
        phoneConfirmed: u.phoneConfirmed,
        username: u.username,
        currency: u.currency as CurrencyCode,
        locale: u.locale,
        denomination: u.denomination,
        denominationDefaultUser: u.defaultDenomination,
        labels,
        autoLogout: u.autoLogout,
        wallets,
        level: { id: 1, name: '1', currentScore: 0, maxScore: 0, progress: 0 },
        limits: [],
        limitsSchedule: [],
        extendedProfileFilled: false,
        fortuneWheelSpinCount: 0,
        fortuneWheelAdditionSpinCount: 0,
        emailConfirmationTokenTtl: null,
        phoneConfirmationCodeTtl: null,
        hasPhoneConfirmationCode: false,
        verificationForm: { status: 'new', actions: [] },
        inVipClubUser: auth.roles.vip,
        isVerifyAcceptedUser: labels.includes(RoleLabel.verifiedBySystem),
        isVerifyOperatorAcceptedUser: labels.includes(RoleLabel.verifiedByOperator),
        isVerifyRefusedUser: labels.includes('user_document_verify_refused'),
        isExtendedProfileFilledUser: false,
        nextEmailConfirmationRequestAt: null,
        nextPhoneConfirmationRequestAt: null,
        nextCallTokenRequestAt: null,
        previousLoginAt: u.previousLoginAt ? unixSeconds(u.previousLoginAt) : null,
      };
    },
  };
}
