import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { currencyCode } from './enums.ts';

/** GET /time: the server's clock in unix seconds; the client derives its signature offset from it. */
export const timeResponse = dataEnvelope(z.number().int());

export const currency = z.object({
  name: currencyCode,
  id: z.number().int().nullable(),
  factor: z.number().int(),
  isDefault: z.boolean(),
});
export type Currency = z.infer<typeof currency>;
export const currenciesResponse = dataEnvelope(z.array(currency));

/** GET /mobapp/version (no /api/v18 prefix). */
export const mobappVersion = z.object({
  version: z.string(),
  minVersion: z.string(),
  downloadUrl: z.string(),
});
export const mobappVersionResponse = dataEnvelope(mobappVersion);

export const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean() });
