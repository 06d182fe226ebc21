import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logger.ts';

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
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done(null, payload);
  });
}
