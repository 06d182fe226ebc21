import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The client's own retry key for a request that moves money (`Idempotency-Key`): a double click or a
 * retry after a lost answer makes one payment or exchange. Absent means "no retry protection asked".
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !/^[A-Za-z0-9_.:-]{8,128}$/.test(header)) {
    throw new AppError('VALIDATION_ERROR', { fields: { 'Idempotency-Key': 'errors.invalid' } });
  }
  return header;
}
