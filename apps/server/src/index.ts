export { buildApp, API_PREFIX, type BuiltApp, type BuildOptions, type Platform } from './app.ts';
export { loadConfig, ConfigError, type Config } from './config.ts';
export { computeSignature } from './platform/http/signature.ts';
export { manualClock, systemClock, type Clock } from './platform/clock.ts';
export { createWalletModule, auditLedger, type Ledger } from './modules/wallet/index.ts';
