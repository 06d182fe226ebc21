import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCodeName } from '@kometa/contracts';
import { AppError, errorEnvelopeOf } from './app-error.ts';
import { validationFields } from './validation-fields.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';
import { loggableUrl } from './access-log.ts';

const FASTIFY_CODES: Record<string, ErrorCodeName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_BAD_URL: 'NOT_FOUND',
  FST_ERR_ASYNC_CONSTRAINT: 'NOT_FOUND',
};

function classify(error: FastifyError): { codeName: ErrorCodeName; fields?: Record<string, string> } {
  if (error instanceof AppError)
    return { codeName: error.codeName, ...(error.fields ? { fields: error.fields } : {}) };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      codeName: 'VALIDATION_ERROR',
      fields: validationFields(error.validation, error.validationContext),
    };
  }
  if (error.validation) {
    return {
      codeName: 'VALIDATION_ERROR',
      fields: validationFields(error.validation, error.validationContext),
    };
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return { codeName: mapped };
  if (error.statusCode === 429) return { codeName: 'RATE_LIMITED' };
  if (isDatabaseUnavailable(error)) return { codeName: 'SERVICE_UNAVAILABLE' };
  if (error instanceof SyntaxError) return { codeName: 'MALFORMED_BODY' };
  if (error.statusCode === 413) return { codeName: 'PAYLOAD_TOO_LARGE' };
  if (error.statusCode === 415) return { codeName: 'UNSUPPORTED_MEDIA_TYPE' };
  if (error.statusCode === 400) return { codeName: 'MALFORMED_BODY' };
  return { codeName: 'INTERNAL' };
}

/**
 * The one place errors become HTTP answers: every failure gets the spec's envelope, a status the client
 * expects and a log line; a 5xx never shows internals.
 */
export function registerErrorHandling(app: FastifyInstance, log: Logger): void {
  // An error can come before the request context exists (a malformed URL, say).
  const logOf = (request: FastifyRequest): Logger => request.ctx?.log ?? log;
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { codeName, fields } = classify(error);
    const appError = error instanceof AppError ? error : new AppError(codeName, fields ? { fields } : {});
    if (appError.status >= 500) {
      logOf(request).error(
        { err: error, code: appError.code, url: loggableUrl(request.url, request.routeOptions.url) },
        'request failed',
      );
    } else {
      logOf(request).info({ code: appError.code, reason: error.message, fields }, 'request rejected');
    }
    if (appError.headers) void reply.headers(appError.headers);
    if (codeName === 'RATE_LIMITED' && error.statusCode === 429) {
      const retryAfter = reply.getHeader('retry-after');
      if (retryAfter !== undefined) void reply.header('retry-after', retryAfter);
    }
    void reply
      .code(appError.status)
      .header('cache-control', 'no-store')
      .send(errorEnvelopeOf(codeName, appError.message, fields, appError.extra));
  });

  app.setNotFoundHandler((request, reply) => {
    logOf(request).info({ url: loggableUrl(request.url, undefined) }, 'route not found');
    void reply.code(404).header('cache-control', 'no-store').send(errorEnvelopeOf('NOT_FOUND'));
  });
}
