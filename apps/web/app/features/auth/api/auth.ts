import type {
  LookupAnswer,
  RegistrationAnswer,
  RegistrationBody,
  SuccessResult,
  Token,
} from '@kometa/contracts';
import { browserApi } from '../../../lib/api.browser.ts';

/** The login calls of spec §4 (lookup login): the lookup, then the login with the lookup token. */
export const authApi = {
  lookup: (contact: string, password: string, verificationToken?: string) =>
    browserApi().post<LookupAnswer>(
      contact.includes('@') ? '/lookup/email' : '/lookup/phone',
      contact.includes('@') ? { email: contact, password } : { phone: contact, password },
      verificationToken ? { 'verification-token': verificationToken } : undefined,
    ),
  login: (lookup: string, password: string, twoFactorCode?: string, protectionSignature?: string) =>
    browserApi().post<Token>(
      '/login/lookup',
      { lookup, password, ...(twoFactorCode ? { twoFactorCode } : {}) },
      protectionSignature ? { 'verification-token': protectionSignature } : undefined,
    ),
  register: (body: RegistrationBody) => browserApi().post<RegistrationAnswer>('/registration', body),
  /** Attaches a social or Telegram identity to the account just signed in. */
  link: (link: { oauthToken: string } | { telegramToken: string }) =>
    'oauthToken' in link
      ? browserApi().put<SuccessResult>('/users/self/oauth', link)
      : browserApi().post<SuccessResult>('/users/self/telegram', link),
  logout: () => browserApi().post('/users/self/logout'),
};
