import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  GAME_STATEMENT_MAX_ROUNDS,
  GAME_STATEMENT_PATH,
  PROVIDER_SIGNATURE_HEADER,
  gameStatementRequest,
  type GameStatementResponse,
} from '@kometa/contracts';
import { queryRows, type Db } from '@kometa/db';
import { verifyBody } from '@kometa/provider-kit';
import { roundRef } from './money.ts';

/**
 * The casino's reconciliation asks for the real-money rounds of a period (ADR 039), signed with the
 * provider's secret over the raw body: an unsigned or wrongly signed request is a 401, a bad one a 400.
 */
export function statementRoutes(deps: { db: Db; secrets: Record<string, string> }): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.post(GAME_STATEMENT_PATH, async (request, reply) => {
      const raw = request.body as Buffer;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ error: 'invalid' });
      }
      const asked = gameStatementRequest.safeParse(parsed);
      if (!asked.success) return reply.code(400).send({ error: 'invalid' });
      const secret = deps.secrets[asked.data.provider];
      const signature = request.headers[PROVIDER_SIGNATURE_HEADER];
      if (
        !secret ||
        !verifyBody(raw, typeof signature === 'string' ? signature : undefined, { hmacSecret: secret })
      )
        return reply.code(401).send({ error: 'signature' });
      const { provider, from, to, currency } = asked.data;
      const rows = await queryRows<Record<string, unknown>>(
        deps.db,
        sql`select id, player, game, currency, bet, win, status, created_at from rounds
            where provider = ${provider} and mode = 'real' and currency = ${currency}
              and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
            order by id limit ${GAME_STATEMENT_MAX_ROUNDS + 1}`,
      );
      const answer: GameStatementResponse = {
        truncated: rows.length > GAME_STATEMENT_MAX_ROUNDS,
        rounds: rows.slice(0, GAME_STATEMENT_MAX_ROUNDS).map((row) => {
          const status = row.status as GameStatementResponse['rounds'][number]['status'];
          return {
            round: roundRef(Number(row.id)),
            user: String(row.player),
            game: String(row.game),
            currency: String(row.currency),
            bet: status === 'refused' ? 0 : Number(row.bet),
            win: status === 'refused' ? 0 : Number(row.win),
            status,
            at: new Date(row.created_at as string).toISOString(),
          };
        }),
      };
      return reply.header('cache-control', 'no-store').send(answer);
    });
  };
}
