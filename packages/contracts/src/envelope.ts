import { z } from 'zod';

/** `error.fields` maps a field path ("email", "utmTags.source") to a message key. */
export const errorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** With CAPTCHA (11): the image to solve and the signature to send back with the answer. */
  captcha: z.object({ image: z.string(), signature: z.string() }).optional(),
});

export const errorEnvelope = z.object({ error: errorBody });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Every successful answer is `{ data: … }` (spec §7). */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export type DataEnvelope<T> = { data: T };

/** What a successful answer of `schema` carries under `data`: the type the web reads a call's answer as. */
export type DataOf<T extends z.ZodType> = z.infer<T> extends { data: infer D } ? D : never;
