import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { rotatorSlot, ROTATOR_SLOTS } from '../enums.ts';
import { listPageResponse, listQuery } from './lists.ts';
import { gameAutoplaySetting } from '../game-frame.ts';

/**
 * The content screens of the back office (issue 18 item 6, ADR 038): SEO pages with their text,
 * redirects, menus, rotators and their banners, project images, the operator's settings. The content
 * role holds them; every change shows on the site at once (the guest caches are dropped).
 */
export const ContentAdminMessage = {
  titleRequired: 'errors.content.title_required',
  badPath: 'errors.content.bad_path',
  pathTaken: 'errors.content.path_taken',
  badLink: 'errors.content.bad_link',
  badImage: 'errors.content.bad_image',
  imageType: 'errors.content.image_type',
  imageTooLarge: 'errors.content.image_too_large',
  endsBeforeStart: 'errors.content.ends_before_start',
  pageNotFound: 'errors.content.page_not_found',
  slideNotFound: 'errors.content.slide_not_found',
  redirectNotFound: 'errors.content.redirect_not_found',
  redirectLoop: 'errors.content.redirect_loop',
  menuNotFound: 'errors.content.menu_not_found',
  imageNotFound: 'errors.content.image_not_found',
  settingNotEditable: 'errors.content.setting_not_editable',
  badSetting: 'errors.content.bad_setting',
  tooLong: 'errors.too_long',
} as const;
const M = ContentAdminMessage;

/** Uploaded images: raster only (an SVG could carry script), at most this many bytes. */
export const CONTENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ContentImageType = (typeof CONTENT_IMAGE_TYPES)[number];
export const CONTENT_IMAGE_MAX_BYTES = 1_048_576;
/** The upload's JSON body: the base64 of the largest image and a margin. */
export const CONTENT_UPLOAD_BODY_LIMIT = Math.ceil((CONTENT_IMAGE_MAX_BYTES * 4) / 3) + 4096;

/** A page's path as the site asks for it (spec §2.2): no leading slash; the home page is seo_main. */
export const contentPath = z
  .string()
  .trim()
  .transform((path) => path.replace(/^\/+/, '').replace(/\/+$/, ''))
  .pipe(
    z
      .string()
      .min(1, M.badPath)
      .max(200, M.badPath)
      .regex(/^[\p{L}\p{N}_.\-/]+$/u, M.badPath)
      .refine((path) => !path.includes('//') && !path.split('/').includes('..'), M.badPath),
  );

/** A link an operator may place: a path on the site, or an https address. */
export const contentLink = z
  .string()
  .trim()
  .max(500, M.badLink)
  .regex(/^(https:\/\/[^\s"'<>]+|\/[^\s"'<>]*|\/?#[\w-]+)$/, M.badLink);
/** An image address: an uploaded one (/api/v18/content/media/…), the media folder or https. */
export const contentImageRef = z
  .string()
  .trim()
  .max(500, M.badImage)
  .regex(/^(https:\/\/|\/)[^\s"'<>]*$/, M.badImage);

const title = z.string().trim().min(1, M.titleRequired).max(200, M.tooLong);
const idParam = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const contentIdParams = idParam;

// ---------------------------------------------------------------- pages

export const pageInput = z.strictObject({
  identifier: contentPath,
  title,
  description: z.string().trim().max(500, M.tooLong),
  h1: z.string().trim().max(200, M.tooLong),
  /** Rich text (HTML); the server keeps only the allowed tags and attributes. */
  body: z.string().max(200_000, M.tooLong),
  ogImage: contentImageRef.nullable(),
});
export type PageInput = z.infer<typeof pageInput>;

export const pageAdminRow = z.object({
  id: z.number().int(),
  identifier: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
  h1: z.string(),
  body: z.string(),
  ogImage: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PageAdminRow = z.infer<typeof pageAdminRow>;
export const PAGE_SORT_FIELDS = ['id', 'identifier', 'title', 'updatedAt'] as const;
export const pageListQuery = listQuery(PAGE_SORT_FIELDS, { query: z.string().trim().max(200).optional() });
export const pageListResponse = listPageResponse(pageAdminRow);
export const pageAdminResponse = dataEnvelope(pageAdminRow);

// ---------------------------------------------------------------- redirects

export const redirectInput = z.strictObject({
  source: contentPath,
  target: contentLink,
  code: z.union([z.literal(301), z.literal(302)], { error: M.badLink }),
});
export const redirectAdminRow = z.object({
  id: z.number().int(),
  source: z.string(),
  target: z.string(),
  code: z.number().int(),
});
export type RedirectAdminRow = z.infer<typeof redirectAdminRow>;
export const redirectListResponse = dataEnvelope(z.array(redirectAdminRow));
export const redirectAdminResponse = dataEnvelope(redirectAdminRow);

// ---------------------------------------------------------------- menus

/** The site's menus: the header's links, the footer's columns, the phone's side menus. */
export const MENU_IDS = ['header', 'footer', 'sidebar_mobile', 'sidebar_mobile_guest'] as const;
export const menuIdParams = z.strictObject({ id: z.enum(MENU_IDS, { error: M.menuNotFound }) });
const menuLinkInput = z.strictObject({ title, url: contentLink });
export const menuItemInput = menuLinkInput.extend({
  children: z.array(menuLinkInput).max(30, M.tooLong),
});
export const menuInput = z.strictObject({ items: z.array(menuItemInput).max(30, M.tooLong) });
export type MenuInput = z.infer<typeof menuInput>;
export const menuAdmin = z.object({
  id: z.string(),
  title: z.string(),
  items: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      children: z.array(z.object({ title: z.string(), url: z.string() })),
    }),
  ),
});
export type MenuAdmin = z.infer<typeof menuAdmin>;
export const menuListResponse = dataEnvelope(z.array(menuAdmin));
export const menuAdminResponse = dataEnvelope(menuAdmin);

// ---------------------------------------------------------------- rotators

export const SLIDE_STATES = ['live', 'scheduled', 'ended', 'inactive'] as const;
export type SlideState = (typeof SLIDE_STATES)[number];
export const slideInput = z
  .strictObject({
    slot: rotatorSlot,
    title,
    text: z.string().trim().max(500, M.tooLong).nullable(),
    imageDesktop: contentImageRef.nullable(),
    imageMobile: contentImageRef.nullable(),
    linkUrl: contentLink.nullable(),
    linkText: z.string().trim().max(60, M.tooLong).nullable(),
    position: z.number({ error: M.badSetting }).int().min(0).max(1000),
    audience: z.enum(['all', 'guest', 'player']),
    device: z.enum(['all', 'mobile', 'desktop']),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    isActive: z.boolean(),
  })
  .refine((slide) => !slide.startsAt || !slide.endsAt || slide.endsAt > slide.startsAt, {
    message: M.endsBeforeStart,
    path: ['endsAt'],
  });
export type SlideInput = z.infer<typeof slideInput>;
export const slideAdminRow = z.object({
  id: z.number().int(),
  slot: z.string(),
  title: z.string(),
  text: z.string().nullable(),
  imageDesktop: z.string().nullable(),
  imageMobile: z.string().nullable(),
  linkUrl: z.string().nullable(),
  linkText: z.string().nullable(),
  position: z.number().int(),
  audience: z.enum(['all', 'guest', 'player']),
  device: z.enum(['all', 'mobile', 'desktop']),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  isActive: z.boolean(),
  state: z.enum(SLIDE_STATES),
});
export type SlideAdminRow = z.infer<typeof slideAdminRow>;
export const slideListQuery = z.strictObject({ slot: z.enum(ROTATOR_SLOTS).optional() });
export const slideListResponse = dataEnvelope(z.array(slideAdminRow));
export const slideAdminResponse = dataEnvelope(slideAdminRow);

// ---------------------------------------------------------------- images

export const imageUploadBody = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  contentType: z.enum(CONTENT_IMAGE_TYPES, { error: M.imageType }),
  /** The file's bytes, base64. */
  data: z
    .string()
    .max(CONTENT_UPLOAD_BODY_LIMIT, M.imageTooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, M.badImage),
});
export const uploadedImage = z.object({
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;
export const uploadedImageResponse = dataEnvelope(uploadedImage);

export const projectImageAdminRow = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProjectImageAdminRow = z.infer<typeof projectImageAdminRow>;
export const projectImageInput = z.strictObject({
  url: contentImageRef,
  width: z.number().int().min(1).max(10_000).nullable(),
  height: z.number().int().min(1).max(10_000).nullable(),
});
export const projectImageListResponse = dataEnvelope(z.array(projectImageAdminRow));
export const projectImageAdminResponse = dataEnvelope(projectImageAdminRow);

// ---------------------------------------------------------------- settings

const enabled = z.boolean({ error: M.badSetting });
const shortText = (max: number) => z.string({ error: M.badSetting }).trim().max(max, M.tooLong);

/**
 * The settings an operator edits here, each with its own schema (spec §3). Others are the
 * platform's (signature, payments) and stay out of this screen.
 */
export const EDITABLE_SETTINGS = {
  cookie_bar: z.strictObject({
    enabled,
    text: shortText(400).min(10, M.badSetting),
  }),
  copyright_text: shortText(300).min(1, M.badSetting),
  legal: z.strictObject({
    minimum_age: z.number({ error: M.badSetting }).int().min(18, M.badSetting).max(21, M.badSetting),
    license: shortText(200).min(1, M.badSetting),
    licensee: shortText(200),
    license_number: shortText(80),
    address: shortText(300),
    support_email: z.union([z.email(M.badSetting), z.literal('')]),
  }),
  agreement_rules: z.strictObject({
    url: contentLink,
    version: z.number({ error: M.badSetting }).int().min(1, M.badSetting),
  }),
  motivational_block: z.strictObject({ enabled }),
  footer_clock: z.strictObject({ enabled }),
  auto_logout: z.strictObject({ enabled }),
  background_color_enabled: enabled,
  background_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, M.badSetting),
  /** Where the game frames offer autoplay (ADR 046). */
  game_autoplay: gameAutoplaySetting,
} as const;
export type EditableSetting = keyof typeof EDITABLE_SETTINGS;
export const EDITABLE_SETTING_KEYS = Object.keys(EDITABLE_SETTINGS) as [
  EditableSetting,
  ...EditableSetting[],
];
export const settingAliasParams = z.strictObject({ alias: z.string().max(64) });
export const settingUpdateBody = z.strictObject({ value: z.unknown() });
export const settingAdminRow = z.object({
  alias: z.string(),
  value: z.unknown(),
  updatedAt: z.string().nullable(),
});
export type SettingAdminRow = z.infer<typeof settingAdminRow>;
export const settingListResponse = dataEnvelope(z.array(settingAdminRow));
export const settingAdminResponse = dataEnvelope(settingAdminRow);
