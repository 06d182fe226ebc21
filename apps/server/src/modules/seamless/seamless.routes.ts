import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  PROVIDER_ID_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  ProviderStatus,
  providerAnswer,
  providerBalanceRequest,
  providerBetRequest,
  providerRollbackRequest,
  providerUserInfoRequest,
  providerWinRequest,
  type ProviderAnswer,
} from '@kometa/contracts';
import { signBody, verifyBody, type VerifyingKey } from '@kometa/provider-kit';
import type { Clock } from '../../platform/clock.ts';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import type { AuditLog } from './audit-log.ts';
import type { SeamlessService } from './seamless.service.ts';

export interface GameProviderKeys {
  id: string;
  verify: VerifyingKey;
  /** Answers to HMAC providers are signed with the same secret, so they can trust them too. */
  hmacSecret: string | null;
}

/** Tokens are never written to the audit log; their hash prefix is enough to follow a session. */
function redacted(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const copy = { ...(body as Record<string, unknown>) };
  if (typeof copy.token === 'string') {
    copy.token = `sha256:${createHash('sha256').update(copy.token).digest('hex').slice(0, 12)}`;
  }
  return copy;
}

/**
 * The seamless-wallet API under /api/provider (ADR 014, docs/provider-api.md). Each call: the
 * provider named by `X-Kometa-Provider`, its signature checked on the raw body before anything is
 * parsed, the body validated with its contract schema, the answer signed back (HMAC providers) and
 * both kept in `provider_requests` (written in batches, off the reply path: audit-log.ts).
 */
export function seamlessRoutes(deps: {
  service: SeamlessService;
  audit: AuditLog;
  /** The keys a provider's calls are checked with (the provider registry; ADR 037). */
  providerKeys: (id: string) => Promise<GameProviderKeys | undefined>;
  clock: Clock;
  userOf: (userId: number) => Promise<{ username: string | null; test: boolean; country: string | null }>;
  /** Autoplay rounds a game allows a player of this country (ADR 046), told in user/info. */
  autoplay?: (provider: string, code: string, country: string | null) => Promise<number>;
}): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    /**
     * A failure of ours (the database unreachable, or a bug) is never the site's error envelope: the
     * provider gets what ADR 014 promises, HTTP 200 with RS_ERROR_UNKNOWN, signed like every answer,
     * and sends the same request_uuid and transaction again later. Nothing half-happened: each call
     * claims its transaction id in the same database transaction as its money, so the retry applies
     * once or replays the stored answer.
     */
    async function answerOrUnknown(
      request: FastifyRequest,
      requestUuid: string,
      work: () => Promise<ProviderAnswer>,
    ): Promise<ProviderAnswer> {
      try {
        return await work();
      } catch (error) {
        const unavailable = isDatabaseUnavailable(error);
        request.ctx.log[unavailable ? 'warn' : 'error'](
          { err: error, url: request.routeOptions.url },
          unavailable
            ? 'provider call met an unavailable database; answered RS_ERROR_UNKNOWN'
            : 'provider call failed; answered RS_ERROR_UNKNOWN',
        );
        return { status: ProviderStatus.UNKNOWN, request_uuid: requestUuid };
      }
    }

    function route<S extends z.ZodType<{ request_uuid: string }>>(
      path: string,
      schema: S,
      summary: string,
      handle: (provider: string, body: z.infer<S>) => Promise<ProviderAnswer>,
    ) {
      app.post(
        path,
        {
          config: { partner: true },
          // The body is read as bytes for the signature and validated by hand below; the schema here
          // documents it in OpenAPI.
          validatorCompiler: () => (value) => ({ value }),
          schema: { tags: ['provider API'], summary, body: schema, response: { 200: providerAnswer } },
        },
        async (request: FastifyRequest, reply: FastifyReply) => {
          const started = performance.now();
          const providerId = request.headers[PROVIDER_ID_HEADER];
          const keys = typeof providerId === 'string' ? await deps.providerKeys(providerId) : undefined;
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          let parsed: unknown;
          let status = 200;
          let result: ProviderAnswer;
          const header = request.headers[PROVIDER_SIGNATURE_HEADER];
          if (!keys) {
            status = 401;
            result = { status: ProviderStatus.INVALID_PARTNER, request_uuid: null };
          } else if (!verifyBody(raw, typeof header === 'string' ? header : undefined, keys.verify)) {
            status = 401;
            result = { status: ProviderStatus.INVALID_SIGNATURE, request_uuid: null };
          } else {
            try {
              parsed = JSON.parse(raw.toString('utf8'));
            } catch {
              parsed = undefined;
            }
            const checked = schema.safeParse(parsed);
            if (!checked.success) {
              status = 400;
              const uuid = (parsed as { request_uuid?: unknown } | undefined)?.request_uuid;
              result = {
                status: ProviderStatus.WRONG_SYNTAX,
                request_uuid: typeof uuid === 'string' ? uuid : null,
              };
            } else {
              result = await answerOrUnknown(request, checked.data.request_uuid, () =>
                handle(keys.id, checked.data),
              );
            }
          }
          const body = JSON.stringify(result);
          deps.audit.record({
            provider: keys?.id ?? null,
            path,
            request: redacted(parsed) ?? null,
            response: result,
            httpStatus: status,
            durationMs: performance.now() - started,
            createdAt: new Date(deps.clock.now()),
          });
          if (keys?.hmacSecret)
            reply.header(PROVIDER_SIGNATURE_HEADER, signBody(body, { hmacSecret: keys.hmacSecret }));
          return reply.code(status).type('application/json').send(body);
        },
      );
    }

    route(
      '/user/info',
      providerUserInfoRequest,
      'The player behind a session token',
      async (provider, body) => {
        const session = await deps.service.sessionOf(provider, body.token).catch(() => undefined);
        const user = session
          ? await deps.userOf(session.userId)
          : { username: null, test: false, country: null };
        const answer = await deps.service.userInfo(provider, body, user);
        // Where the operator lets this game autoplay for this player (ADR 046).
        if (session && answer.status === ProviderStatus.OK && deps.autoplay)
          answer.autoplay_rounds = await deps.autoplay(provider, session.gameCode, user.country);
        return answer;
      },
    );
    route('/user/balance', providerBalanceRequest, "The player's balance", (provider, body) =>
      deps.service.balance(provider, body),
    );
    route(
      '/transaction/bet',
      providerBetRequest,
      'Debit a bet (idempotent by transaction_uuid)',
      (provider, body) => deps.service.bet(provider, body),
    );
    route('/transaction/win', providerWinRequest, 'Credit a win for a bet', (provider, body) =>
      deps.service.win(provider, body),
    );
    route('/transaction/rollback', providerRollbackRequest, 'Undo a bet (or a win)', (provider, body) =>
      deps.service.rollback(provider, body),
    );
  };
}
