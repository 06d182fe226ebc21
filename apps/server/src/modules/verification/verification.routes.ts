import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { commonQuery, verificationInfoResponse, VerificationMessage } from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { authOf } from '../../platform/http/auth-guard.ts';
import { MAX_DOCUMENT_BYTES } from './document-files.ts';
import type { VerificationService } from './verification.service.ts';

/** /verification-info: the form, its documents, and document upload (multipart: `type`, then `file`). */
export function verificationRoutes(
  service: VerificationService,
  authenticated: preHandlerAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 5 },
    });
    const tags = ['verification'];

    app.get(
      '/verification-info',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary: 'The verification form, its documents and what may be sent',
          querystring: commonQuery,
          response: { 200: verificationInfoResponse },
        },
      },
      async (request) => ({ data: await service.info(authOf(request).user.id) }),
    );

    app.post(
      '/verification-info/documents',
      {
        preHandler: authenticated,
        schema: {
          tags,
          summary:
            'Send a document: multipart/form-data with `type` first, then `file` (JPEG, PNG, WebP or PDF, 5 MB)',
          querystring: commonQuery,
          response: { 200: verificationInfoResponse },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        let type: string | undefined;
        let bytes: Buffer | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field' && part.fieldname === 'type') type = String(part.value);
            else if (part.type === 'file' && part.fieldname === 'file') bytes = await part.toBuffer();
            else if (part.type === 'file') await part.toBuffer();
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('VALIDATION_ERROR', { fields: { file: VerificationMessage.fileTooLarge } });
          }
          if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError('MALFORMED_BODY');
          throw error;
        }
        return { data: await service.upload(user.id, type, bytes) };
      },
    );
  };
}
