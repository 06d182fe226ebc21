export { signBody, verifyBody, type SigningKey, type VerifyingKey } from './signature.ts';
