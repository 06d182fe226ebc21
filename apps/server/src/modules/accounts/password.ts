import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, AccountMessage } from '@kometa/contracts';

export type { PasswordHashing } from '../../platform/secrets.ts';

let common: Set<string> | undefined;

/** The 49k most common passwords of zxcvbn-ts's list (loaded once, on first use). */
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set((dictionary as Record<string, string[]>)['passwords-common']);
  }
  return common;
}

/** Our password policy (ADR 009): 8–128 characters and not one of the most common passwords. */
export async function passwordProblem(password: string): Promise<string | undefined> {
  if (password.length === 0) return 'errors.not_blank';
  if (password.length < PASSWORD_MIN_LENGTH) return AccountMessage.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AccountMessage.passwordTooLong;
  if ((await commonPasswords()).has(password.toLowerCase())) return AccountMessage.passwordTooCommon;
  return undefined;
}

/** Argon2id with the configured cost (ADR 009), shared with the operators' accounts. */
export { createPasswordHasher, type PasswordHasher } from '../../platform/secrets.ts';
