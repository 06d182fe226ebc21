/** What registration said of a promo code that gives nothing (ADR 040), for the page the new player lands on. */
const NOTICE_KEY = 'registrationPromoNotice';

export interface PromoNotice {
  code: string;
  message: string;
}

export function rememberPromoNotice(notice: PromoNotice): void {
  try {
    window.sessionStorage.setItem(NOTICE_KEY, JSON.stringify(notice));
  } catch {
    // Storage refused: the code is simply not mentioned again; /gifts/promo still takes it.
  }
}

export function takePromoNotice(): PromoNotice | null {
  try {
    const raw = window.sessionStorage.getItem(NOTICE_KEY);
    window.sessionStorage.removeItem(NOTICE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<PromoNotice>) : null;
    return value && typeof value.code === 'string' && typeof value.message === 'string'
      ? { code: value.code, message: value.message }
      : null;
  } catch {
    return null;
  }
}
