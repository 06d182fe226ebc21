export { signBody, verifyBody, type SigningKey, type VerifyingKey } from './signature.ts';
export { createProviderClient, type ProviderClient, type ProviderClientOptions } from './client.ts';
export {
  runConformance,
  SCENARIOS,
  MIN_BALANCE,
  type TestSession,
  type ScenarioResult,
} from './conformance.ts';
