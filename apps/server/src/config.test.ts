import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('runs on a bare machine: embedded database, memory cache, spec countries', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toBe('./data');
    expect(config.redis.url).toBeUndefined();
    expect([...config.allowedCountries]).toEqual([
      'RU',
      'AM',
      'AZ',
      'BY',
      'KG',
      'MD',
      'TJ',
      'UZ',
      'TM',
      'BG',
      'PL',
      'GE',
    ]);
    expect(config.guestCacheTtlSeconds).toBe(300);
    expect(config.signature.mode).toBe('report');
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SIGNATURE_MODE: 'sometimes', REDIS_URL: 'nope' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'SIGNATURE_MODE', 'REDIS_URL'])
      expect(message).toContain(name);
  });

  it('refuses the development secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) })).not.toThrow();
  });

  it('parses lists and cors keys, and rejects malformed ones', () => {
    const config = loadConfig({
      ALLOWED_COUNTRIES: 'RU, PL',
      CORS_KEYS: 'k1:https://a.example',
      COUNTRY_HEADER: 'CF-IPCountry',
    });
    expect([...config.allowedCountries]).toEqual(['RU', 'PL']);
    expect(config.corsKeys.get('k1')).toBe('https://a.example');
    expect(config.countryHeader).toBe('cf-ipcountry');
    expect(() => loadConfig({ ALLOWED_COUNTRIES: 'Russia' })).toThrow(/ALLOWED_COUNTRIES/);
    expect(() => loadConfig({ CORS_KEYS: 'nokey' })).toThrow(/CORS_KEYS/);
  });

  it('trusts forwarded addresses only from named proxies, never from anyone (ADR 024)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
