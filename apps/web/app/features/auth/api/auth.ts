import { browserApi } from '../../../lib/api.browser.ts';

export interface LookupAnswer {
  lookup: string;
  twoFactor: { enabled: boolean };
  protection?: { phrase: string; signature: string };
}

/** The login calls of spec §4 (lookup login): the lookup, then the login with the lookup token. */
export const authApi = {
  lookup: (contact: string, password: string, verificationToken?: string) =>
    browserApi().post<LookupAnswer>(
      contact.includes('@') ? '/lookup/email' : '/lookup/phone',
      contact.includes('@') ? { email: contact, password } : { phone: contact, password },
      verificationToken ? { 'verification-token': verificationToken } : undefined,
    ),
  login: (lookup: string, password: string, twoFactorCode?: string, protectionSignature?: string) =>
    browserApi().post<{ token: string }>(
      '/login/lookup',
      { lookup, password, ...(twoFactorCode ? { twoFactorCode } : {}) },
      protectionSignature ? { 'verification-token': protectionSignature } : undefined,
    ),
  register: (body: {
    email: string;
    password: string;
    birthday: { day: number | null; month: number | null; year: number | null };
    agreeRules: boolean;
    oauthToken?: string;
    telegramToken?: string;
  }) => browserApi().post<{ token: string }>('/registration', body),
  /** Attaches a social or Telegram identity to the account just signed in. */
  link: (link: { oauthToken: string } | { telegramToken: string }) =>
    'oauthToken' in link
      ? browserApi().put<{ success: true }>('/users/self/oauth', link)
      : browserApi().post<{ success: true }>('/users/self/telegram', link),
  logout: () => browserApi().post('/users/self/logout'),
};
