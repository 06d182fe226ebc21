import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';

/** Every settings key of spec §3; the demo seed gives each a value. */
export const SETTING_KEYS = [
  'available_denominations',
  'motivational_block',
  'copyright_text',
  'withdrawal_restrictions',
  'withdrawal_commission',
  'tips',
  'popup_registration',
  'popular_games_order',
  'google_tag_manager',
  'track_domain',
  'first_deposit_banner',
  'visual_config',
  'gift_wager_config',
  'agreement_rules',
  'partners_program',
  'welcome_pack',
  'repayment',
  'vip_club_repayment',
  'strip',
  'fortune_wheel',
  'demo_game_cash_autopopup',
  'legal',
  'social_authorization',
  'hreflang_auto_replace',
  'referral_program',
  'experience_formula',
  'email_domain_recommendation',
  'auto_logout',
  'cookie_bar',
  'footer_clock',
  'user_game_history',
  'bonus_transaction_history',
  'personal_data_confirmation',
  'background_color_enabled',
  'background_color',
  'messenger_platform',
  'signature',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Settings travel as a list of alias and value pairs; each value is a JSON string (spec §3). */
export const settingEntry = z.object({ alias: z.string(), value: z.string() });
export type SettingEntry = z.infer<typeof settingEntry>;
export const settingsResponse = dataEnvelope(z.array(settingEntry));
