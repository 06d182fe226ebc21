import { describe, expect, it } from 'vitest';
import { RouterContextProvider } from 'react-router';
import type { User } from '@kometa/contracts';
import { sessionContext } from './api.server.ts';
import { backTarget } from './navigation.ts';
import { languageRedirect } from './session-middleware.server.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { takeReturnPath } from '../features/auth/return-path.ts';

const at = (path: string) => new URL(path, 'https://kometa.example');

describe('the language prefix rule (spec §2.2)', () => {
  it('sends a path under /ru to the same path without it, query kept', () => {
    expect(languageRedirect(at('/ru/games/table?page=2'))).toBe('/games/table?page=2');
    expect(languageRedirect(at('/ru'))).toBe('/');
  });

  it('leaves alone paths without the prefix, look-alikes, token logins and the exempt paths', () => {
    expect(languageRedirect(at('/games'))).toBeNull();
    expect(languageRedirect(at('/rules'))).toBeNull();
    expect(languageRedirect(at('/ru/games?auth=one-time'))).toBeNull();
    expect(languageRedirect(at('/ru/games?token=one-time'))).toBeNull();
    expect(languageRedirect(at('/ru/sapi/loginByToken'))).toBeNull();
    expect(languageRedirect(at('/ru/tg/start/0123456789abcdef'))).toBeNull();
    expect(languageRedirect(at('/ru/tg/start/short'))).toBe('/tg/start/short');
  });
});

describe('a login-only route (spec §2.2 requiresAuth)', () => {
  const contextWith = (user: User | null) => {
    const context = new RouterContextProvider();
    context.set(sessionContext, { token: user ? 'token' : null, user });
    return context;
  };

  it('sends a visitor without a live session home with the login hash and the path to return to', () => {
    const request = new Request('https://kometa.example/payment/history?filter=deposit');
    let thrown: unknown;
    try {
      requirePlayer(request, contextWith(null));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      '/?returnTo=%2Fpayment%2Fhistory%3Ffilter%3Ddeposit#authorization',
    );
  });

  it('lets a signed-in player through', () => {
    const request = new Request('https://kometa.example/profile');
    expect(() => requirePlayer(request, contextWith({ id: 7 } as User))).not.toThrow();
  });

  it('returns only to paths of this site after login', () => {
    const store = new Map<string, string>();
    globalThis.sessionStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    } as Storage;
    store.set('kometa:return-path', '//evil.example/phish');
    expect(takeReturnPath()).toBeNull();
    store.set('kometa:return-path', '/payment/history');
    expect(takeReturnPath()).toBe('/payment/history');
    expect(takeReturnPath()).toBeNull();
  });
});

describe('back navigation (spec §2.3)', () => {
  it('goes to replaceRout when it is a path of this site, else back, else home', () => {
    expect(backTarget('?replaceRout=%2Fgames%2Ftable', 5, true)).toBe('/games/table');
    expect(backTarget('?replaceRout=https%3A%2F%2Fevil.example', 5, true)).toBe(-1);
    expect(backTarget('?replaceRout=%2F%2Fevil.example', 5, true)).toBe(-1);
    expect(backTarget('', 5, true)).toBe(-1);
    // A tab opened on this page, or a history of one entry: home.
    expect(backTarget('', 5, false)).toBe('/');
    expect(backTarget('', 1, true)).toBe('/');
  });
});
