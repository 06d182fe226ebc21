import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/**
 * Query parameters the client may add to any call (spec §6, §7): user-type flags, device, the cacheKey
 * bypass and the parameters for the operator's other domains. Every call's query schema extends this one
 * and stays strict, so an unknown parameter is a validation error that names it.
 */
export const commonQueryShape = {
  isGuest: flag.optional(),
  isFake: flag.optional(),
  t_uid: z.string().max(64).optional(),
  isMobile: flag.optional(),
  cacheKey: z.string().max(32).optional(),
  referer: z.string().max(2048).optional(),
  cors_key: z.string().max(128).optional(),
  domain: z.string().max(253).optional(),
};

export const commonQuery = z.strictObject(commonQueryShape);
export type CommonQuery = z.infer<typeof commonQuery>;

export function queryWith<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject({ ...commonQueryShape, ...shape });
}

/** A positive integer in a query string, bounded. */
export function queryInt(minimum: number, maximum: number) {
  return z.coerce.number().int().min(minimum).max(maximum);
}

export const successResult = z.object({ success: z.literal(true) });
export type SuccessResult = z.infer<typeof successResult>;
