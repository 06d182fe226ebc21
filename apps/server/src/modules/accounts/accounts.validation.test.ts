import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBirthDate, checkEmail, checkPhone, checkUsername } from './accounts.validation.ts';
import { passwordProblem } from './password.ts';

const ok = <T>(r: { value: T } | { problem: string }) => ('value' in r ? r.value : undefined);
const problem = (r: { value: unknown } | { problem: string }) => ('problem' in r ? r.problem : undefined);

describe('username (spec §5: at least 4; letters, digits, hyphen, underscore, dot)', () => {
  it('accepts every string of allowed characters of length 4 or more', () => {
    const allowed = fc.constantFrom(...'abcXYZ019_-.ёЖщ'.split(''));
    fc.assert(
      fc.property(fc.array(allowed, { minLength: 4, maxLength: 30 }), (chars) => {
        expect(ok(checkUsername(chars.join('')))).toBe(chars.join(''));
      }),
    );
  });

  it('refuses anything shorter than 4 or with another character', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 3 }).filter((s) => s.trim().length > 0),
        (s) => {
          expect(problem(checkUsername(s))).toBeDefined();
        },
      ),
    );
    for (const bad of ['user name', 'user@name', 'юзер!', 'a<b>c', 'abc/']) {
      expect(problem(checkUsername(bad))).toBe('errors.username.invalid_chars');
    }
    expect(problem(checkUsername('   '))).toBe('errors.not_blank');
  });
});

describe('e-mail', () => {
  it('normalises case and spaces of valid addresses', () => {
    expect(ok(checkEmail('  Ivan.Petrov@Mail.RU '))).toBe('ivan.petrov@mail.ru');
  });

  it('accepts generated local@domain addresses', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9._%+-]{1,20}$/),
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.stringMatching(/^[a-z]{2,6}$/),
        (local, labels, tld) => {
          const email = `${local}@${labels.join('.')}.${tld}`;
          expect(ok(checkEmail(email))).toBe(email);
        },
      ),
    );
  });

  it.each(['plain', 'a@b', 'a@@b.ru', 'a b@c.ru', '@mail.ru', 'x@mail.', 'x@-mail.ru'])(
    'refuses %s',
    (email) => {
      expect(problem(checkEmail(email))).toBe('errors.email.invalid');
    },
  );
});

describe('phone', () => {
  it('keeps E.164 and reads the Russian leading 8 as +7', () => {
    expect(ok(checkPhone('+7 (912) 345-67-89'))).toBe('+79123456789');
    expect(ok(checkPhone('8 912 345 67 89'))).toBe('+79123456789');
    expect(ok(checkPhone('+374 10 123456'))).toBe('+37410123456');
  });

  it('accepts any 7–15 digit international number and refuses others', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{6,14}$/), (digits) => {
        expect(ok(checkPhone(`+${digits}`))).toBe(`+${digits}`);
      }),
    );
    for (const bad of ['+12', '+0123456789', 'phone', '+7912345678901234']) {
      expect(problem(checkPhone(bad))).toBe('errors.phone.invalid');
    }
  });
});

describe('birth date', () => {
  const today = new Date(Date.UTC(2026, 10, 22));

  it('needs all three parts and a real calendar date', () => {
    expect(problem(checkBirthDate({ day: 1, month: 1 }, 18, today))).toBe('errors.not_blank');
    expect(problem(checkBirthDate({ day: 29, month: 2, year: 2001 }, 18, today))).toBe(
      'errors.birth_date.invalid',
    );
    expect(ok(checkBirthDate({ day: 29, month: 2, year: 2000 }, 18, today))).toBe('2000-02-29');
  });

  it('is adult exactly from the 18th birthday, for any date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1930, 0, 1)),
          max: new Date(Date.UTC(2026, 10, 22)),
          noInvalidDate: true,
        }),
        (birth) => {
          const input = {
            day: birth.getUTCDate(),
            month: birth.getUTCMonth() + 1,
            year: birth.getUTCFullYear(),
          };
          const eighteenth = new Date(Date.UTC(input.year + 18, input.month - 1, input.day));
          // 29 February birthdays come of age on 1 March in common years.
          const adult = eighteenth.getTime() <= today.getTime();
          const result = checkBirthDate(input, 18, today);
          expect('value' in result).toBe(adult);
        },
      ),
    );
  });
});

describe('password policy (ADR 009)', () => {
  it('needs 8 characters and refuses the common ones, whatever their case', async () => {
    expect(await passwordProblem('')).toBe('errors.not_blank');
    expect(await passwordProblem('abc1234')).toBe('errors.password.too_short');
    expect(await passwordProblem('Password1')).toBe('errors.password.too_common');
    expect(await passwordProblem('qwertyuiop')).toBe('errors.password.too_common');
    expect(await passwordProblem('x'.repeat(129))).toBe('errors.password.too_long');
    expect(await passwordProblem('kometa-correct-horse')).toBeUndefined();
  });
});
