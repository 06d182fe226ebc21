import { type ErrorCodeName, defaultMessageKey, errorHttpStatus, ErrorCode } from '@kometa/contracts';

export interface AppErrorDetails {
  /** A message key; defaults to the code's own key. */
  message?: string;
  /** Field path → message key. */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** More members of the error body the contract names (the captcha of CAPTCHA). */
  extra?: Record<string, unknown>;
}

/** The one error type services throw. The HTTP layer maps its code to a status and the envelope. */
export class AppError extends Error {
  readonly codeName: ErrorCodeName;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(codeName: ErrorCodeName, details: AppErrorDetails = {}) {
    super(details.message ?? defaultMessageKey[codeName]);
    this.name = 'AppError';
    this.codeName = codeName;
    this.fields = details.fields;
    this.headers = details.headers;
    this.extra = details.extra;
  }

  get code(): number {
    return ErrorCode[this.codeName];
  }

  get status(): number {
    return errorHttpStatus[this.codeName];
  }
}

export function errorEnvelopeOf(
  codeName: ErrorCodeName,
  message?: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  return {
    error: {
      ...extra,
      code: ErrorCode[codeName],
      message: message ?? defaultMessageKey[codeName],
      ...(fields ? { fields } : {}),
    },
  };
}
