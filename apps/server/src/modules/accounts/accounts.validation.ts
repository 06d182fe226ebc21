import { AccountMessage, MessageKey, USERNAME_MIN_LENGTH } from '@kometa/contracts';

/**
 * Field rules of spec §5, as pure functions: each answers a normalised value or the message key of the
 * problem. The service combines them so every failing field is named at once.
 */
export type Checked<T> = { value: T } | { problem: string };

// A practical subset of RFC 5322: one @, a dotted domain with a 2+ letter top level, no spaces.
const EMAIL =
  /^[^\s@"(),:;<>[\\\]]{1,64}@(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function checkEmail(raw: string): Checked<string> {
  const email = raw.trim().toLowerCase();
  if (email === '') return { problem: MessageKey.notBlank };
  return EMAIL.test(email) ? { value: email } : { problem: AccountMessage.emailInvalid };
}

/**
 * Phones are kept in E.164 (+ and 7–15 digits). Spaces, dashes, dots and brackets are ignored; a Russian
 * 11-digit number written with a leading 8 is read as +7.
 */
export function checkPhone(raw: string): Checked<string> {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  if (compact === '') return { problem: MessageKey.notBlank };
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (/^8\d{10}$/.test(compact)) digits = `7${compact.slice(1)}`;
  else digits = compact;
  return /^[1-9]\d{6,14}$/.test(digits) ? { value: `+${digits}` } : { problem: AccountMessage.phoneInvalid };
}

const USERNAME = /^[\p{L}\p{N}._-]+$/u;

export function checkUsername(raw: string): Checked<string> {
  const username = raw.trim();
  if (username === '') return { problem: MessageKey.notBlank };
  if ([...username].length < USERNAME_MIN_LENGTH) return { problem: AccountMessage.usernameTooShort };
  return USERNAME.test(username) ? { value: username } : { problem: AccountMessage.usernameInvalid };
}

export interface BirthdayInput {
  day?: number | null | undefined;
  month?: number | null | undefined;
  year?: number | null | undefined;
}

/**
 * The birthday is a date only when day, month and year are all chosen (spec §5); it must exist in the
 * calendar and make the player at least `minimumAge` years old on `today` (UTC).
 */
export function checkBirthDate(input: BirthdayInput, minimumAge: number, today: Date): Checked<string> {
  const { day, month, year } = input;
  if (day == null || month == null || year == null) return { problem: MessageKey.notBlank };
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return { problem: AccountMessage.birthDateInvalid };
  }
  if (date.getTime() > today.getTime()) return { problem: AccountMessage.birthDateInvalid };
  const ageYears =
    today.getUTCFullYear() -
    year -
    (today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day)
      ? 1
      : 0);
  if (ageYears < minimumAge) return { problem: AccountMessage.birthDateTooYoung };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { value: `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` };
}
