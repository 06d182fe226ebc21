import { z } from 'zod';
import { CURRENCY_CODES } from '@kometa/money';

export const currencyCode = z.enum(CURRENCY_CODES);

export {
  OperationType,
  PaymentStatus,
  type OperationTypeValue,
  type PaymentStatusValue,
} from './payment-status.ts';

export const DepositStep = {
  SelectPaymentSystem: 'SelectPaymentSystem',
  DeactivatedPayment: 'DeactivatedPayment',
  RequisitesFillOut: 'RequisitesFillOut',
  RequisitesFillOut2: 'RequisitesFillOut2',
} as const;
export type DepositStepValue = (typeof DepositStep)[keyof typeof DepositStep];

export const COUNTER_NAMES = ['gift', 'userVipClub', 'unreadNotifications'] as const;
export const counterName = z.enum(COUNTER_NAMES);

export const NOTIFICATION_KINDS = ['gift', 'tournament', 'lottery', 'strip', 'userVipClub'] as const;
export const notificationKind = z.enum(NOTIFICATION_KINDS);

export const ROTATOR_SLOTS = [
  'hello_bar',
  'cashier_slider',
  'withdrawal_slider',
  'cashier_popup',
  'ingame_popup',
  'withdrawal_popup',
  'withdrawal_step2_banner',
  'withdrawal_step3_banner',
  'header_main_slider',
  'footer_main_slider',
  'game_slider',
  'identance',
  'extended_user_profile_popup',
  'cashier_popup_leave',
  'confirm_popup',
  'welcome_popup',
  'welcome_popup_one_step',
  'web_push_subscription_popup',
  'promotions',
] as const;
export const rotatorSlot = z.enum(ROTATOR_SLOTS);
export type RotatorSlot = (typeof ROTATOR_SLOTS)[number];

/** Spec §1: the countries the product lists as its targets (the operator's default allow-list). */
export const DEFAULT_ALLOWED_COUNTRIES = [
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
] as const;
