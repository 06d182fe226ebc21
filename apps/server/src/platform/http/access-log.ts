import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logger.ts';

/**
 * The address as a log may keep it: the route's pattern (`/api/v18/resetting/reset/:token`) instead of
 * the path, and the query's names without their values, so one-time tokens, reset links and e-mail
 * addresses never reach the logs (ADR 024). A path no route matched is kept as its length only.
 */
export function loggableUrl(url: string, route: string | undefined): string {
  const question = url.indexOf('?');
  const names =
    question < 0 ? [] : [...new URLSearchParams(url.slice(question + 1)).keys()].map((name) => `${name}=…`);
  const path = route ?? `(unmatched, ${(question < 0 ? url : url.slice(0, question)).length} characters)`;
  return names.length > 0 ? `${path}?${names.join('&')}` : path;
}

/**
 * One line per answered request (method, path, status, time), only when the info level is enabled.
 * Errors are logged by the error handler whatever the level allows.
 */
export function registerAccessLog(app: FastifyInstance, log: Logger): void {
  if (!(log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info')) return;
  app.addHook('onSend', (request, reply, payload, done) => {
    request.ctx?.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url, request.routeOptions.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done(null, payload);
  });
}
