import argon2 from 'argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, AccountMessage } from '@kometa/contracts';

export interface PasswordHashing {
  memoryKiB: number;
  iterations: number;
}

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

export function createPasswordHasher(options: PasswordHashing) {
  const params: argon2.HashOptions & { raw?: false } = {
    type: argon2.argon2id,
    memoryCost: options.memoryKiB,
    timeCost: options.iterations,
    parallelism: 1,
  };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => argon2.hash(password, params),
    async verify(hash: string, password: string): Promise<boolean> {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    /** Spends the time of one verification when there is no account, so timing does not tell. */
    async verifyNothing(password: string): Promise<false> {
      dummy ??= argon2.hash('no account has this password', params);
      await argon2.verify(await dummy, password).catch(() => false);
      return false;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
