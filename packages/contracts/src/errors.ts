/**
 * Application error codes. 1–99 are the spec's own (§8); 1000+ are ours. Each code has exactly one HTTP
 * status and a default message key that the web translates (`i18n/ru.ts`).
 */
export const ErrorCode = {
  AUTHENTICATION: 1,
  VALIDATION_ERROR: 3,
  BAD_CREDENTIALS: 10,
  CAPTCHA: 11,
  BAD_PROTECTION_PHRASE: 24,
  EMAIL_CONFIRMATION_TTL: 39,
  PHONE_CONFIRMATION_TTL: 40,
  CONFIRMATION_CODE_RESET_PASSWORD_TTL: 43,
  NOT_FOUND: 1000,
  MALFORMED_BODY: 1001,
  PAYLOAD_TOO_LARGE: 1002,
  UNSUPPORTED_MEDIA_TYPE: 1003,
  SIGNATURE_INVALID: 1004,
  RATE_LIMITED: 1005,
  REGION_RESTRICTED: 1006,
  SERVICE_UNAVAILABLE: 1007,
  METHOD_NOT_ALLOWED: 1008,
  INTERNAL: 1009,
  SETTING_NOT_FOUND: 1010,
  INSUFFICIENT_FUNDS: 1011,
  IDEMPOTENCY_CONFLICT: 1012,
  EXPECTATION_FAILED: 1013,
  SUSPICIOUS_ACTIVITY: 1014,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const errorHttpStatus: Record<ErrorCodeName, number> = {
  AUTHENTICATION: 401,
  VALIDATION_ERROR: 400,
  BAD_CREDENTIALS: 400,
  CAPTCHA: 400,
  BAD_PROTECTION_PHRASE: 400,
  EMAIL_CONFIRMATION_TTL: 400,
  PHONE_CONFIRMATION_TTL: 400,
  CONFIRMATION_CODE_RESET_PASSWORD_TTL: 400,
  NOT_FOUND: 404,
  MALFORMED_BODY: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SIGNATURE_INVALID: 401,
  RATE_LIMITED: 429,
  REGION_RESTRICTED: 451,
  SERVICE_UNAVAILABLE: 503,
  METHOD_NOT_ALLOWED: 405,
  INTERNAL: 500,
  SETTING_NOT_FOUND: 404,
  INSUFFICIENT_FUNDS: 400,
  IDEMPOTENCY_CONFLICT: 409,
  EXPECTATION_FAILED: 417,
  SUSPICIOUS_ACTIVITY: 403,
};

/** Message keys: the server never sends human text, only keys the web turns into Russian. */
export const MessageKey = {
  notBlank: 'errors.not_blank',
  invalid: 'errors.invalid',
  unknownField: 'errors.unknown_field',
  tooLong: 'errors.too_long',
  tooShort: 'errors.too_short',
  tooMany: 'errors.too_many',
  authentication: 'errors.authentication',
  notFound: 'errors.not_found',
  malformedBody: 'errors.malformed_body',
  payloadTooLarge: 'errors.payload_too_large',
  unsupportedMediaType: 'errors.unsupported_media_type',
  signatureInvalid: 'errors.signature_invalid',
  tooManyRequests: 'errors.too_many_requests',
  regionRestricted: 'errors.region_restricted',
  serviceUnavailable: 'errors.service_unavailable',
  methodNotAllowed: 'errors.method_not_allowed',
  internal: 'errors.internal',
  settingNotFound: 'errors.setting_not_found',
  validation: 'errors.validation',
} as const;

export type MessageKeyValue = (typeof MessageKey)[keyof typeof MessageKey];

export const defaultMessageKey: Record<ErrorCodeName, string> = {
  AUTHENTICATION: MessageKey.authentication,
  VALIDATION_ERROR: MessageKey.validation,
  BAD_CREDENTIALS: 'errors.bad_credentials',
  CAPTCHA: 'errors.captcha',
  BAD_PROTECTION_PHRASE: 'errors.bad_protection_phrase',
  EMAIL_CONFIRMATION_TTL: 'errors.confirmation_code_already_sent',
  PHONE_CONFIRMATION_TTL: 'errors.confirmation_code_already_sent',
  CONFIRMATION_CODE_RESET_PASSWORD_TTL: 'errors.reset_already_requested',
  NOT_FOUND: MessageKey.notFound,
  MALFORMED_BODY: MessageKey.malformedBody,
  PAYLOAD_TOO_LARGE: MessageKey.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: MessageKey.unsupportedMediaType,
  SIGNATURE_INVALID: MessageKey.signatureInvalid,
  RATE_LIMITED: MessageKey.tooManyRequests,
  REGION_RESTRICTED: MessageKey.regionRestricted,
  SERVICE_UNAVAILABLE: MessageKey.serviceUnavailable,
  METHOD_NOT_ALLOWED: MessageKey.methodNotAllowed,
  INTERNAL: MessageKey.internal,
  SETTING_NOT_FOUND: MessageKey.settingNotFound,
  INSUFFICIENT_FUNDS: 'errors.insufficient_funds',
  IDEMPOTENCY_CONFLICT: 'errors.idempotency_conflict',
  EXPECTATION_FAILED: 'errors.verification_required',
  SUSPICIOUS_ACTIVITY: 'errors.suspicious_activity',
};
