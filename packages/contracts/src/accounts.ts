import { z } from 'zod';
import { dataEnvelope, type DataOf } from './envelope.ts';
import { currencyCode } from './enums.ts';

/** Message keys of spec §5 for account fields; the web shows the Russian text. */
export const AccountMessage = {
  usernameTooShort: 'errors.username.too_short',
  usernameInvalid: 'errors.username.invalid_chars',
  usernameTaken: 'errors.username.taken',
  passwordTooShort: 'errors.password.too_short',
  passwordTooCommon: 'errors.password.too_common',
  passwordTooLong: 'errors.password.too_long',
  emailInvalid: 'errors.email.invalid',
  emailTaken: 'errors.email.taken',
  phoneInvalid: 'errors.phone.invalid',
  phoneTaken: 'errors.phone.taken',
  contactRequired: 'errors.contact.required',
  emailRequired: 'errors.email.required',
  birthDateInvalid: 'errors.birth_date.invalid',
  birthDateTooYoung: 'errors.birth_date.too_young',
  rulesNotAccepted: 'errors.rules.not_accepted',
  oldPasswordMismatch: 'errors.password.old_mismatch',
} as const;

/** Our policy over the spec's 3-character minimum (ADR 009). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 4;

const trimmed = (max: number) => z.string().trim().max(max);

export const birthday = z.strictObject({
  day: z.number().int().min(1).max(31).nullable().optional(),
  month: z.number().int().min(1).max(12).nullable().optional(),
  year: z.number().int().min(1900).max(2100).nullable().optional(),
});

/**
 * Registration by e-mail or phone. Field rules beyond types (formats, minimums, "must be unused") are
 * checked by the service so that every failing field is named with its spec message key.
 */
export const registrationBody = z.strictObject({
  email: trimmed(254).optional(),
  phone: trimmed(32).optional(),
  username: trimmed(64).optional(),
  password: z.string().max(1024),
  birthday,
  currency: currencyCode.optional(),
  agreeRules: z.boolean(),
  promoCode: trimmed(64).optional(),
  referralCode: trimmed(64).optional(),
  /** From POST /login/telegram: links that Telegram identity to the new account. */
  telegramToken: z.string().max(512).optional(),
  /** From POST /lookup/oauth: links that social identity to the new account. */
  oauthToken: z.string().max(1024).optional(),
});
export type RegistrationBody = z.infer<typeof registrationBody>;

export const tokenResponse = dataEnvelope(z.object({ token: z.string() }));

/**
 * POST /registration: the token, and the promo code typed when it cannot give anything (not found,
 * expired, fully used…): the account is made all the same, and the site says why in Russian
 * (`message`, an errors.promo.* key; ADR 040). A code that may give its gift is absent here.
 */
export const registrationResponse = dataEnvelope(
  z.object({
    token: z.string(),
    promoCode: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
);
export type RegistrationAnswer = z.infer<typeof registrationResponse>['data'];

/** POST /lookup/email and /lookup/phone (spec §7). */
export const lookupEmailBody = z.strictObject({ email: trimmed(254), password: z.string().max(1024) });
export const lookupPhoneBody = z.strictObject({ phone: trimmed(32), password: z.string().max(1024) });
export const lookupResponse = dataEnvelope(
  z.object({
    lookup: z.string(),
    twoFactor: z.object({ enabled: z.boolean() }),
    /** After a captcha: step two sends `signature` in the Verification-Token header. */
    protection: z.object({ phrase: z.string(), signature: z.string() }).optional(),
  }),
);

/** POST /login/lookup (spec §7): the lookup token, the password again and an optional TOTP code. */
export const loginLookupBody = z.strictObject({
  lookup: z.string().min(1).max(256),
  password: z.string().max(1024),
  /** A 6-digit TOTP code, or one of the recovery codes (xxxxx-xxxxx). */
  twoFactorCode: z.string().trim().min(6).max(20).optional(),
});

export const userLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  currentScore: z.number().int(),
  maxScore: z.number().int(),
  progress: z.number(),
});

/**
 * `balance`: what the player can play with (real + bonus); `netBalance`: the real money alone, what can be
 * withdrawn. Money held for a pending withdrawal is in neither.
 */
export const userWallet = z.object({
  currency: currencyCode,
  balance: z.number().int(),
  netBalance: z.number().int(),
  currentBonusWager: z.number().int(),
  requiredBonusWager: z.number().int(),
  repayment: z.number().int(),
  vipClubRepayment: z.number().int(),
});

/** The User of spec §3. Fields owned by later features hold their defaults until those land. */
export const user = z.object({
  id: z.number().int(),
  created: z.number().int(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phone: z.string().nullable(),
  phoneConfirmed: z.boolean(),
  username: z.string().nullable(),
  currency: currencyCode,
  locale: z.string(),
  denomination: z.number().int(),
  denominationDefaultUser: z.number().int(),
  labels: z.array(z.string()),
  autoLogout: z.boolean(),
  wallets: z.array(userWallet),
  level: userLevel,
  limits: z.array(z.object({ name: z.string() }).catchall(z.unknown())),
  limitsSchedule: z.array(z.object({ name: z.string() }).catchall(z.unknown())),
  extendedProfileFilled: z.boolean(),
  fortuneWheelSpinCount: z.number().int(),
  fortuneWheelAdditionSpinCount: z.number().int(),
  emailConfirmationTokenTtl: z.number().int().nullable(),
  phoneConfirmationCodeTtl: z.number().int().nullable(),
  hasPhoneConfirmationCode: z.boolean(),
  verificationForm: z.object({ status: z.string(), actions: z.array(z.string()) }),
  inVipClubUser: z.boolean(),
  isVerifyAcceptedUser: z.boolean(),
  isVerifyOperatorAcceptedUser: z.boolean(),
  isVerifyRefusedUser: z.boolean(),
  isExtendedProfileFilledUser: z.boolean(),
  nextEmailConfirmationRequestAt: z.number().int().nullable(),
  nextPhoneConfirmationRequestAt: z.number().int().nullable(),
  nextCallTokenRequestAt: z.number().int().nullable(),
  previousLoginAt: z.number().int().nullable(),
});
export type User = z.infer<typeof user>;
export type UserWallet = z.infer<typeof userWallet>;
export const userResponse = dataEnvelope(user);

export const sessionInfo = z.object({
  id: z.number().int(),
  current: z.boolean(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});
export const sessionsResponse = dataEnvelope(z.array(sessionInfo));

export const changePasswordBody = z.strictObject({
  oldPassword: z.string().max(1024),
  newPassword: z.string().max(1024),
});

/** Profile settings the player changes himself. */
export const profileSettingsBody = z.strictObject({
  autoLogout: z.boolean().optional(),
  locale: z.enum(['ru']).optional(),
});

/** The chip value in minor units; it must be one of the operator's available denominations. */
export const denominationBody = z.strictObject({ denomination: z.number().int().positive() });

export const counterEntry = z.object({ name: z.string(), value: z.number().int() });
export const countersResponse = dataEnvelope(z.array(counterEntry));
export const counterResponse = dataEnvelope(counterEntry);

/** Re-authentication: changing two-factor settings asks for the password again. */
export const twoFactorBeginBody = z.strictObject({ password: z.string().max(1024) });
export const twoFactorBeginResponse = dataEnvelope(
  z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
);
export const twoFactorStatusResponse = dataEnvelope(z.object({ enabled: z.boolean() }));
export const twoFactorConfirmBody = z.strictObject({ code: z.string().regex(/^\d{6}$/) });
export const recoveryCodesResponse = dataEnvelope(z.object({ recoveryCodes: z.array(z.string()) }));
export const twoFactorDisableBody = z.strictObject({
  password: z.string().max(1024),
  code: z.string().trim().min(6).max(20),
});

/** POST /resetting/request: by e-mail (a link) or by phone (an SMS code). */
export const resetRequestBody = z.union([
  z.strictObject({ email: trimmed(254) }),
  z.strictObject({ phone: trimmed(32) }),
]);
export const resetRequestResponse = dataEnvelope(
  z.object({ success: z.literal(true), channel: z.enum(['email', 'sms']) }),
);

/** POST /resetting/reset/{token}: the link's token, or the SMS code with the phone it went to. */
export const resetParams = z.strictObject({ token: z.string().min(4).max(128) });
export const resetBody = z.strictObject({
  password: z.string().max(1024),
  phone: trimmed(32).optional(),
  twoFactorCode: z.string().trim().min(6).max(20).optional(),
});

export const ResetMessage = {
  alreadyRequestedEmail: 'errors.reset.already_requested_email',
  alreadyRequestedPhone: 'errors.reset.already_requested_phone',
  wrongToken: 'errors.reset.wrong_token',
  wrongCode: 'errors.reset.wrong_code',
  dailyLimit: 'errors.reset.daily_limit',
} as const;

export const ConfirmationMessage = {
  wrongToken: 'errors.confirmation.wrong_token',
  wrongCode: 'errors.confirmation.wrong_code',
  alreadySent: 'errors.confirmation.already_sent',
  requestLimit: 'errors.confirmation.request_limit',
  nothingToConfirm: 'errors.confirmation.nothing_to_confirm',
} as const;

/** Spec §9: e-mail confirmation wait 300 s, phone 60 s, at most 11 requests (a day, per player). */
export const CONFIRMATION_WAIT_SECONDS = { email: 300, phone: 60 } as const;
export const CONFIRMATION_REQUEST_LIMIT = 11;

export const confirmationSentResponse = dataEnvelope(
  z.object({ success: z.literal(true), ttl: z.number().int() }),
);
export const confirmPhoneBody = z.strictObject({ code: z.string().regex(/^\d{6}$/) });
/**
 * POST /forms/{id}/phone (spec §7; the phone-confirmation gift's page, ADR 034): the phone to confirm,
 * kept on the account unless it has a confirmed one, and its SMS code sent (answered like
 * POST /users/self/confirmPhone). `id` is the gift the form serves.
 */
export const phoneFormParams = z.strictObject({ id: z.coerce.number().int().positive() });
export const phoneFormBody = z.strictObject({ phone: z.string().trim().min(1).max(32) });
export const emailConfirmationParams = z.strictObject({ token: z.string().min(16).max(128) });

/** Token login (spec §2.2 `auth` parameter, /sapi/loginByToken): a one-time token for a new session. */
export const LOGIN_TOKEN_TTL_SECONDS = 120;
export const loginTokenResponse = dataEnvelope(z.object({ token: z.string(), ttl: z.number().int() }));
export type LoginToken = DataOf<typeof loginTokenResponse>;
export const loginByTokenBody = z.strictObject({ token: z.string().min(16).max(128) });

/** Telegram Login Widget data, as the widget hands it to the page. */
export const telegramWidgetData = z.strictObject({
  id: z.number().int().positive(),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});

/** POST /login/telegram: the widget's data, or a Mini App's initData string. */
export const telegramLoginBody = z.union([
  z.strictObject({ widget: telegramWidgetData }),
  z.strictObject({ initData: z.string().min(1).max(4096) }),
]);

export const TelegramMessage = {
  invalid: 'errors.telegram.invalid',
  expired: 'errors.telegram.expired',
  notLinked: 'errors.telegram.not_linked',
  alreadyLinked: 'errors.telegram.already_linked',
} as const;

/**
 * Not linked yet: register (with the age gate) sending `telegramToken`, or log in and link; both attach
 * this Telegram identity to the account. Linked with two-factor on: the code is asked, as for every
 * other way in (issue 15).
 */
export const telegramLoginResponse = dataEnvelope(
  z.union([
    z.object({ token: z.string() }),
    z.object({ token: z.null(), telegramToken: z.string() }),
    // Linked, with two-factor on: confirm the code with POST /lookup/oauth {token: lookup, twoFactorCode}.
    z.object({
      token: z.null(),
      lookup: z.string(),
      twoFactor: z.object({ enabled: z.literal(true), confirmed: z.literal(false), ttl: z.number().int() }),
    }),
  ]),
);

/** DELETE /users/self/sessions/others: how many sessions ended. */
export const endOtherSessionsResponse = dataEnvelope(z.object({ ended: z.number().int() }));

export type Token = DataOf<typeof tokenResponse>;
export type LookupAnswer = DataOf<typeof lookupResponse>;
export type SessionInfo = z.infer<typeof sessionInfo>;
export type EndedSessions = DataOf<typeof endOtherSessionsResponse>;
export type TwoFactorSetup = DataOf<typeof twoFactorBeginResponse>;
export type TwoFactorStatus = DataOf<typeof twoFactorStatusResponse>;
export type RecoveryCodes = DataOf<typeof recoveryCodesResponse>;
export type ResetRequestAnswer = DataOf<typeof resetRequestResponse>;
export type TelegramLoginAnswer = DataOf<typeof telegramLoginResponse>;
