import { createHash } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Rng } from '../../platform/rng.ts';
import { createSealer } from './session-tokens.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

export const TwoFactorMessage = {
  required: 'errors.two_factor.required',
  invalid: 'errors.two_factor.invalid',
  notPending: 'errors.two_factor.not_pending',
  alreadyEnabled: 'errors.two_factor.already_enabled',
} as const;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryHash(code: string): Buffer {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest();
}

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with one step of clock drift either side, each code accepted
 * once; ten single-use recovery codes shown once at confirmation and stored hashed.
 */
export function createTwoFactor(deps: {
  repository: TwoFactorRepository;
  clock: Clock;
  rng: Rng;
  appSecret: string;
  issuer: string;
}) {
  const { repository, clock } = deps;
  const sealer = createSealer(deps.appSecret, 'totp-secret');
  const epoch = () => Math.floor(clock.now() / 1000);

  function newRecoveryCodes(): string[] {
    return Array.from({ length: 10 }, () => {
      const bytes = deps.rng.bytes(10);
      const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });
  }

  async function totpStep(secret: string, code: string): Promise<number | undefined> {
    const now = epoch();
    const result = await verify({ secret, token: code, epoch: now, epochTolerance: 30 });
    if (!result.valid) return undefined;
    return Math.floor(now / 30) + result.delta;
  }

  return {
    async isEnabled(userId: number): Promise<boolean> {
      return Boolean((await repository.find(userId))?.confirmedAt);
    },

    async begin(userId: number, label: string) {
      const existing = await repository.find(userId);
      if (existing?.confirmedAt)
        throw new AppError('VALIDATION_ERROR', { fields: { twoFactor: TwoFactorMessage.alreadyEnabled } });
      const secret = generateSecret();
      await repository.savePending(userId, sealer.seal(secret), new Date(clock.now()));
      const otpauthUrl = generateURI({ issuer: deps.issuer, label, secret });
      return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
    },

    async confirm(userId: number, code: string): Promise<string[]> {
      const row = await repository.find(userId);
      if (!row || row.confirmedAt)
        throw new AppError('VALIDATION_ERROR', { fields: { code: TwoFactorMessage.notPending } });
      const secret = sealer.open(row.secretSealed);
      const step = secret ? await totpStep(secret, code) : undefined;
      if (step === undefined || !(await repository.claimTimeStep(userId, step))) {
        throw new AppError('VALIDATION_ERROR', { fields: { code: TwoFactorMessage.invalid } });
      }
      const codes = newRecoveryCodes();
      await repository.confirm(userId, new Date(clock.now()), codes.map(recoveryHash));
      return codes;
    },

    /** A TOTP code (once) or a recovery code (once). */
    async check(userId: number, code: string | undefined): Promise<boolean> {
      if (!code) return false;
      const row = await repository.find(userId);
      if (!row?.confirmedAt) return false;
      if (/^\d{6}$/.test(code)) {
        const secret = sealer.open(row.secretSealed);
        const step = secret ? await totpStep(secret, code) : undefined;
        return step !== undefined && repository.claimTimeStep(userId, step);
      }
      return repository.useRecoveryCode(userId, recoveryHash(code), new Date(clock.now()));
    },

    async disable(userId: number): Promise<void> {
      await repository.remove(userId);
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
