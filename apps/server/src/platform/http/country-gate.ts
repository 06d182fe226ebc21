import { AppError } from './app-error.ts';
import type { EdgeStep } from './edge.ts';

/**
 * Requests from a country outside the operator's list get 451 (the site then shows its
 * restricted-region page). The country comes from a header the edge sets; without it, nothing is gated.
 */
export function countryGateStep(allowedCountries: Set<string>): EdgeStep {
  return (request) => {
    const { country } = request.ctx;
    if (
      country !== null &&
      !request.ctx.route.operational &&
      !request.ctx.route.partner &&
      !allowedCountries.has(country)
    ) {
      return new AppError('REGION_RESTRICTED');
    }
    return undefined;
  };
}
