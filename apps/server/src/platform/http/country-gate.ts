import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Requests from a country outside the operator's list get 451 (the site then shows its
 * restricted-region page). The country comes from a header the edge sets; without it, nothing is gated.
 */
export function registerCountryGate(app: FastifyInstance, allowedCountries: Set<string>): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.operational) return;
    const { country } = request.ctx;
    if (country !== null && !allowedCountries.has(country)) {
      throw new AppError('REGION_RESTRICTED');
    }
  });
}
