import { CURRENCY_CODES, DEFAULT_CURRENCY, POINTS_CURRENCY_ID, currencyFactor } from '@kometa/money';
import type { Currency } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { SettingsService } from '../settings/index.ts';

interface MobileApp {
  version: string;
  minVersion: string;
  downloadUrl: string;
}

export function createSystemService(deps: { clock: Clock; settings: SettingsService }) {
  return {
    serverTimeSeconds(): number {
      return Math.floor(deps.clock.now() / 1000);
    },
    currencies(): Currency[] {
      return CURRENCY_CODES.map((name) => ({
        name,
        id: name === 'POINTS' ? POINTS_CURRENCY_ID : null,
        factor: currencyFactor(name),
        isDefault: name === DEFAULT_CURRENCY,
      }));
    },
    async mobileAppVersion(): Promise<MobileApp> {
      return deps.settings.get<MobileApp>('mobile_app');
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
