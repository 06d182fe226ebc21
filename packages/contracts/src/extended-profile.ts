import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { GIFT_KINDS, giftRules } from './gifts.ts';
import { currencyCode } from './enums.ts';

/**
 * The extended profile (spec §3 extendedProfileFilled, §4 extended-profile popup and its gift; ADR
 * 040): who the player is and where they live, asked once in a popup that promises a gift. Field
 * rules beyond types are checked by the service so that every failing field is named at once.
 */
export const ExtendedProfileMessage = {
  required: 'errors.profile.required',
  nameInvalid: 'errors.profile.name_invalid',
  countryInvalid: 'errors.profile.country_invalid',
  cityInvalid: 'errors.profile.city_invalid',
  addressInvalid: 'errors.profile.address_invalid',
  postalCodeInvalid: 'errors.profile.postal_code_invalid',
} as const;

export { PROFILE_COUNTRIES } from './profile-countries.ts';

const field = (max: number) => z.string().max(max);

export const extendedProfileBody = z.strictObject({
  firstName: field(200),
  lastName: field(200),
  middleName: field(200).optional(),
  country: field(8),
  city: field(200),
  address: field(500),
  postalCode: field(32),
});
export type ExtendedProfileBody = z.infer<typeof extendedProfileBody>;

export const extendedProfile = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  middleName: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** Every required field given (the User's extendedProfileFilled). */
  filled: z.boolean(),
  /** When it was first completed, unix seconds. */
  filledAt: z.number().int().nullable(),
});
export type ExtendedProfile = z.infer<typeof extendedProfile>;
export const extendedProfileResponse = dataEnvelope(extendedProfile);

/**
 * GET /gifts/extendsProfileGiftsList (spec §7): the gifts a completed extended profile gives, for the
 * popup (`images[0].images.image` is its picture, spec §3). Empty when the operator set none or the
 * player already received it.
 */
export const extendsProfileGift = z.object({
  offerId: z.number().int(),
  kind: z.enum(GIFT_KINDS),
  title: z.string(),
  description: z.string(),
  terms: z.string(),
  images: z.array(z.object({ images: z.object({ image: z.string() }) })),
  currency: currencyCode,
  rules: giftRules,
});
export type ExtendsProfileGift = z.infer<typeof extendsProfileGift>;
export const extendsProfileGiftsResponse = dataEnvelope(z.array(extendsProfileGift));
