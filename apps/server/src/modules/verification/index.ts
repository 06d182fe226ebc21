import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createDocumentFiles } from './document-files.ts';
import { createVerificationRepository } from './verification.repository.ts';
import { verificationRoutes } from './verification.routes.ts';
import { createVerificationService, type VerificationPorts } from './verification.service.ts';
import { createKycAdminRepository } from './kyc-admin.repository.ts';
import { createKycAdminService, type KycAdminPorts } from './kyc-admin.service.ts';
import { verificationAdminRoutes } from './verification.admin.routes.ts';

export type { VerificationService, VerificationPorts } from './verification.service.ts';
export { VerifyLabel } from './verification.service.ts';
export type { KycAdminPorts, KycAdminService } from './kyc-admin.service.ts';

/** KYC verification (issue 7, ADR 018): the form, documents kept outside the web root, decisions. */
export function createVerificationModule(deps: {
  db: Db;
  clock: Clock;
  storageDir: string;
  ports: VerificationPorts;
}) {
  const service = createVerificationService({
    db: deps.db,
    repository: createVerificationRepository(deps.db),
    files: createDocumentFiles(deps.storageDir),
    clock: deps.clock,
    ports: deps.ports,
  });
  return {
    service,
    routes: (authenticated: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
      verificationRoutes(service, authenticated),
    /** The back office's KYC review queue (ADR 036): mount `routes` on the operator API. */
    admin(ports: KycAdminPorts) {
      const adminService = createKycAdminService({
        verification: service,
        repository: createKycAdminRepository(deps.db),
        ports,
      });
      return { service: adminService, routes: verificationAdminRoutes(adminService) };
    },
  };
}
