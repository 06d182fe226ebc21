export {
  ErrorCode,
  type ErrorCodeName,
  type ErrorCodeValue,
  errorHttpStatus,
  MessageKey,
  type MessageKeyValue,
  defaultMessageKey,
} from './errors.ts';
export { errorBody, errorEnvelope, type ErrorEnvelope, dataEnvelope, type DataEnvelope } from './envelope.ts';
export {
  currencyCode,
  OperationType,
  type OperationTypeValue,
  PaymentStatus,
  type PaymentStatusValue,
  DepositStep,
  type DepositStepValue,
  COUNTER_NAMES,
  counterName,
  NOTIFICATION_KINDS,
  notificationKind,
  ROTATOR_SLOTS,
  rotatorSlot,
  type RotatorSlot,
  DEFAULT_ALLOWED_COUNTRIES,
} from './enums.ts';
export {
  commonQueryShape,
  commonQuery,
  type CommonQuery,
  queryWith,
  queryInt,
  successResult,
} from './common.ts';
export {
  timeResponse,
  currency,
  type Currency,
  currenciesResponse,
  mobappVersion,
  mobappVersionResponse,
  healthResponse,
} from './system.ts';
export { SETTING_KEYS, type SettingKey, settingEntry, type SettingEntry, settingsResponse } from './settings.ts';
export {
  projectImage,
  projectImagesResponse,
  menuParams,
  type MenuItem,
  menuItem,
  menu,
  menuResponse,
  pagesQuery,
  redirectData,
  pageSeo,
  page,
  type Page,
  pageResponse,
  rotatorParams,
  rotatorQuery,
  rotatorSlide,
  type RotatorSlide,
  rotatorSlugsResponse,
  rotatorCurrentResponse,
  rotatorResponse,
} from './content.ts';
export {
  trackResponse,
  WEBHOOK_EVENT_TYPES,
  webhookParams,
  webhookBody,
  type WebhookBody,
  webhookResponse,
  hitBody,
  type HitBody,
  hitResponse,
} from './tracking.ts';
export { SIGNATURE_HEADER, SIGNATURE_EXEMPT_PATHS, signatureMessage, signatureMinute } from './signature.ts';
