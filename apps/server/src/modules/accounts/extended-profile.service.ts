import {
  ExtendedProfileMessage,
  PROFILE_COUNTRIES,
  type ExtendedProfile,
  type ExtendedProfileBody,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import type { ExtendedProfileRepository, ExtendedProfileRow } from './extended-profile.repository.ts';

/** Letters of any alphabet, then letters, spaces, hyphens and apostrophes: 2 to 50 in all. */
const NAME = /^\p{L}[\p{L}\p{M} '’-]{1,49}$/u;
const CITY = /^\p{L}[\p{L}\p{M} .'’()-]{1,79}$/u;
const POSTAL = /^[0-9A-Z]{4,10}$/;
/** No control characters or markup in free text. */
const PLAIN = /^[^<>\p{Cc}]+$/u;

const tidy = (value: string | undefined) => (value ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * Checks every field at once (spec §5: each refused field with its own message) and answers the
 * profile to store.
 */
export function checkExtendedProfile(body: ExtendedProfileBody): Omit<ExtendedProfileRow, 'filledAt'> {
  const fields: Record<string, string> = {};
  const value = {
    firstName: tidy(body.firstName),
    lastName: tidy(body.lastName),
    middleName: tidy(body.middleName) || null,
    country: tidy(body.country).toUpperCase(),
    city: tidy(body.city),
    address: tidy(body.address),
    postalCode: tidy(body.postalCode).replace(/[\s-]/g, '').toUpperCase(),
  };
  const need = (name: keyof typeof value, ok: boolean, message: string) => {
    // A list left unchosen is asked to be chosen; a field left empty, to be filled.
    if (!value[name]) fields[name] = name === 'country' ? message : ExtendedProfileMessage.required;
    else if (!ok) fields[name] = message;
  };
  need('firstName', NAME.test(value.firstName), ExtendedProfileMessage.nameInvalid);
  need('lastName', NAME.test(value.lastName), ExtendedProfileMessage.nameInvalid);
  if (value.middleName !== null && !NAME.test(value.middleName)) {
    fields.middleName = ExtendedProfileMessage.nameInvalid;
  }
  need(
    'country',
    (PROFILE_COUNTRIES as readonly string[]).includes(value.country),
    ExtendedProfileMessage.countryInvalid,
  );
  need('city', CITY.test(value.city), ExtendedProfileMessage.cityInvalid);
  need(
    'address',
    value.address.length >= 5 && value.address.length <= 200 && PLAIN.test(value.address),
    ExtendedProfileMessage.addressInvalid,
  );
  need('postalCode', POSTAL.test(value.postalCode), ExtendedProfileMessage.postalCodeInvalid);
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_ERROR', { fields });
  return value;
}

const EMPTY: ExtendedProfile = {
  firstName: null,
  lastName: null,
  middleName: null,
  country: null,
  city: null,
  address: null,
  postalCode: null,
  filled: false,
  filledAt: null,
};

/**
 * The extended profile (spec §3 extendedProfileFilled, §4; ADR 040): filled in one go, then edited.
 * Completing it the first time records `player.profile_completed` in the same transaction (its gift
 * is granted from the stream, once), and gives targeting a country when the edge gave none.
 */
export function createExtendedProfileService(deps: {
  repository: ExtendedProfileRepository;
  activity: ActivityRecorder;
  clock: Clock;
}) {
  const { repository } = deps;
  const present = (row: ExtendedProfileRow | null): ExtendedProfile =>
    row
      ? {
          firstName: row.firstName,
          lastName: row.lastName,
          middleName: row.middleName,
          country: row.country,
          city: row.city,
          address: row.address,
          postalCode: row.postalCode,
          filled: true,
          filledAt: Math.floor(row.filledAt.getTime() / 1000),
        }
      : EMPTY;

  return {
    get: async (userId: number) => present(await repository.find(userId)),
    isFilled: (userId: number) => repository.isFilled(userId),

    async save(userId: number, body: ExtendedProfileBody): Promise<ExtendedProfile> {
      const profile = checkExtendedProfile(body);
      const at = new Date(deps.clock.now());
      const row = await repository.transaction(async (tx) => {
        const { first } = await repository.save(userId, profile, at, tx);
        if (first) {
          await repository.fillCountry(userId, profile.country, tx);
          await deps.activity.record(tx, { kind: 'player.profile_completed', userId, at, payload: {} });
        }
        return repository.find(userId, tx);
      });
      return present(row);
    },
  };
}

export type ExtendedProfileService = ReturnType<typeof createExtendedProfileService>;
