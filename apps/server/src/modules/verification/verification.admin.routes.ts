import type { AdminRoutes } from '../operators/index.ts';
import type { KycAdminService } from './kyc-admin.service.ts';

/**
 * The KYC screens' operator routes (ADR 036). A document is streamed with its own content type, never
 * sniffed (`nosniff`), inline, under a CSP that runs nothing; the no-store of every operator answer
 * keeps it out of caches.
 */
export function verificationAdminRoutes(service: KycAdminService): AdminRoutes {
  return ({ route, operatorOf, csv }) => {
    route('listKycDocuments', async (_request, _reply, { query }) => ({ data: await service.list(query) }));
    route('exportKycDocuments', async (_request, reply, { query }) =>
      csv(reply, 'kyc-documents.csv', service.csv((await service.list(query)).items)),
    );
    route('kycDocumentFile', async (request, reply, { params }) => {
      const file = await service.file(params.id, operatorOf(request));
      const pdf = file.mime === 'application/pdf';
      return reply
        .type(file.mime)
        .header('content-disposition', `inline; filename="${file.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          // Chrome's PDF viewer refuses a sandboxed document; an image needs nothing at all.
          pdf ? "default-src 'none'; object-src 'self'" : "default-src 'none'; img-src 'self'; sandbox",
        )
        .send(file.bytes);
    });
    route('acceptKycDocument', async (request, _reply, { params, body }) => ({
      data: await service.accept(params.id, body.comment, operatorOf(request)),
    }));
    route('refuseKycDocument', async (request, _reply, { params, body }) => ({
      data: await service.refuse(params.id, body.reason, operatorOf(request)),
    }));
    route('playerKyc', async (_request, _reply, { params }) => ({
      data: await service.playerForm(params.id),
    }));
    route('setFinanceBlock', async (request, _reply, { params, body }) => ({
      data: await service.setFinanceBlock(params.id, body.blocked, body.reason, operatorOf(request)),
    }));
  };
}
