import { AccountMessage, type RegistrationBody } from '@kometa/contracts';
import { DEFAULT_CURRENCY, type CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SettingsService } from '../settings/index.ts';
import { uniqueViolation, type AccountsRepository, type UserRow } from './accounts.repository.ts';
import { checkBirthDate, checkEmail, checkPhone, checkUsername } from './accounts.validation.ts';
import type { AuthAudit } from './auth-audit.ts';
import { passwordProblem, type PasswordHasher } from './password.ts';
import type { OpenSession, RequestMeta } from './sessions.service.ts';
import type { ActivityRecorder } from '../activity/index.ts';

/** Registration by e-mail or phone (spec §4): every field's problem at once, then a logged-in player. */
export function createRegistrationService(deps: {
  repository: AccountsRepository;
  hasher: PasswordHasher;
  settings: SettingsService;
  clock: Clock;
  audit: AuthAudit;
  openSession: OpenSession;
  activity: ActivityRecorder;
  /**
   * Player protection's say on a new account's contacts: a message key for the e-mail or phone of
   * an excluded player (issue 7), or null.
   */
  registrationGuard?: (contacts: { email?: string; phone?: string }) => Promise<string | null>;
  /**
   * The gifts' say on a promo code typed at registration: why it can give nothing (an errors.promo.*
   * key: not found, expired…), or null when it may (ADR 040).
   */
  promoCodeProblem?: (code: string) => Promise<string | null>;
}) {
  const { repository, clock, audit } = deps;

  async function minimumAge(): Promise<number> {
    const legal = await deps.settings.get<{ minimum_age?: number }>('legal').catch(() => undefined);
    return typeof legal?.minimum_age === 'number' ? legal.minimum_age : 18;
  }

  return {
    async register(
      body: RegistrationBody,
      meta: RequestMeta,
    ): Promise<{ token: string; user: UserRow; promoCode?: { code: string; message: string } }> {
      const fields: Record<string, string> = {};
      const email = body.email ? checkEmail(body.email) : undefined;
      const phone = body.phone ? checkPhone(body.phone) : undefined;
      const username = body.username !== undefined ? checkUsername(body.username) : undefined;
      // A form that asks for an e-mail alone (sent empty) is told to fill the e-mail; a call with
      // neither contact, to give one of them.
      if (!email && !phone) {
        fields.email =
          body.email !== undefined && body.phone === undefined
            ? AccountMessage.emailRequired
            : AccountMessage.contactRequired;
      }
      if (email && 'problem' in email) fields.email = email.problem;
      if (phone && 'problem' in phone) fields.phone = phone.problem;
      if (username && 'problem' in username) fields.username = username.problem;
      const passwordIssue = await passwordProblem(body.password);
      if (passwordIssue) fields.password = passwordIssue;
      const birth = checkBirthDate(body.birthday, await minimumAge(), new Date(clock.now()));
      if ('problem' in birth) fields.birthday = birth.problem;
      if (!body.agreeRules) fields.agreeRules = AccountMessage.rulesNotAccepted;
      const currency: CurrencyCode = body.currency ?? DEFAULT_CURRENCY;
      if (currency === 'POINTS') fields.currency = 'errors.invalid';

      const values = {
        email: email && 'value' in email ? email.value : undefined,
        phone: phone && 'value' in phone ? phone.value : undefined,
        username: username && 'value' in username ? username.value : undefined,
      };
      const excluded = await deps.registrationGuard?.({
        ...(values.email ? { email: values.email } : {}),
        ...(values.phone ? { phone: values.phone } : {}),
      });
      if (excluded) fields[values.email ? 'email' : 'phone'] = excluded;
      const taken = await repository.takenFields(values);
      if (taken.has('email')) fields.email ??= AccountMessage.emailTaken;
      if (taken.has('phone')) fields.phone ??= AccountMessage.phoneTaken;
      if (taken.has('username')) fields.username ??= AccountMessage.usernameTaken;
      if (Object.keys(fields).length > 0 || !('value' in birth)) {
        await audit('register', false, meta, { detail: { fields } });
        throw new AppError('VALIDATION_ERROR', { fields });
      }

      // A code that can give nothing is not kept: the player is told at once (the account is made).
      const typedCode = body.promoCode?.trim().toUpperCase() || null;
      const codeProblem = typedCode ? ((await deps.promoCodeProblem?.(typedCode)) ?? null) : null;
      const country = meta.country && /^[A-Z]{2}$/.test(meta.country) ? meta.country : null;
      const now = new Date(clock.now());
      const passwordHash = await deps.hasher.hash(body.password);
      let user: UserRow;
      try {
        // The account and its `player.registered` event commit together (ADR 029).
        user = await repository.transaction(async (tx) => {
          const inserted = await repository.insertUser(
            {
              email: values.email ?? null,
              phone: values.phone ?? null,
              username: values.username ?? null,
              passwordHash,
              birthDate: birth.value,
              currency,
              promoCode: codeProblem ? null : typedCode,
              country,
              referralCode: body.referralCode || null,
              rulesAcceptedAt: now,
              createdAt: now,
              lastLoginAt: now,
            },
            tx,
          );
          await deps.activity.record(tx, {
            kind: 'player.registered',
            userId: inserted.id,
            at: now,
            payload: {
              currency,
              method: 'password',
              promoCode: inserted.promoCode,
              referralCode: inserted.referralCode,
            },
          });
          return inserted;
        });
      } catch (error) {
        // Two registrations raced for the same e-mail, phone or username: the loser is told which.
        const field = uniqueViolation(error);
        if (!field) throw error;
        throw new AppError('VALIDATION_ERROR', { fields: { [field]: AccountMessage[`${field}Taken`] } });
      }
      const { token } = await deps.openSession(user, meta);
      await audit('register', true, meta, { userId: user.id });
      return {
        token,
        user,
        ...(typedCode && codeProblem ? { promoCode: { code: typedCode, message: codeProblem } } : {}),
      };
    },
  };
}
