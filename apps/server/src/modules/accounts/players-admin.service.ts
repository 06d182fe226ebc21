import { AdminMessage, PlayerCardMessage, type PlayerLabel, type PlayerSession } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditWriter, SignedInOperator } from '../operators/index.ts';
import type { PlayersAdminRepository } from './players-admin.repository.ts';
import { OPERATOR_LABELS, operatorLabelsOf } from './roles.ts';

/**
 * The player card's labels and sessions (issue 18 item 2, ADR 045). Each change commits with its
 * audit row; an ended session fails its next request at once (sessions are read on every request).
 */
export function createPlayersAdminService(deps: {
  db: Db;
  repository: PlayersAdminRepository;
  audit: AuditWriter;
  clock: Clock;
  /** A session idle this long is over for a player with automatic logout (the accounts' policy). */
  idleMs: number;
  /** Whether the player has automatic logout on (idle sessions are not listed then). */
  autoLogout: (userId: number) => Promise<boolean | undefined>;
}) {
  const { repository } = deps;
  const notFound = () => new AppError('NOT_FOUND', { message: AdminMessage.playerNotFound });

  async function setLabel(playerId: number, label: PlayerLabel, on: boolean, actor: SignedInOperator) {
    return deps.db.transaction(async (tx) => {
      const stored = await repository.lockLabels(playerId, tx);
      if (!stored) throw notFound();
      const spellings = OPERATOR_LABELS[label];
      const after = on
        ? [...new Set([...stored, spellings[0]])].sort()
        : stored.filter((existing) => !spellings.includes(existing));
      const before = operatorLabelsOf(stored);
      const labels = operatorLabelsOf(after);
      if (after.length !== stored.length) {
        await repository.saveLabels(playerId, after, tx);
        await deps.audit(
          actor,
          {
            action: on ? 'player.label_set' : 'player.label_clear',
            targetType: 'player',
            targetId: String(playerId),
            before: { labels: before },
            after: { labels, label },
          },
          tx,
        );
      }
      return { labels };
    });
  }

  async function endSessions(playerId: number, sessionId: number | null, actor: SignedInOperator) {
    const autoLogout = await deps.autoLogout(playerId);
    if (autoLogout === undefined) throw notFound();
    return deps.db.transaction(async (tx) => {
      const ended = await repository.revoke(
        playerId,
        sessionId,
        new Date(deps.clock.now()),
        'ended by operator',
        tx,
      );
      if (sessionId !== null && ended.length === 0) {
        throw new AppError('NOT_FOUND', { message: PlayerCardMessage.sessionNotFound });
      }
      if (ended.length > 0) {
        await deps.audit(
          actor,
          {
            action: sessionId === null ? 'player.sessions_end' : 'player.session_end',
            targetType: 'player',
            targetId: String(playerId),
            before: { sessions: ended },
            after: { ended: ended.length },
          },
          tx,
        );
      }
      return { ended: ended.length };
    });
  }

  return {
    setLabel: (playerId: number, label: PlayerLabel, actor: SignedInOperator) =>
      setLabel(playerId, label, true, actor),
    clearLabel: (playerId: number, label: PlayerLabel, actor: SignedInOperator) =>
      setLabel(playerId, label, false, actor),

    /** The player's live sessions: not revoked, not expired, not idle past automatic logout. */
    async sessions(playerId: number): Promise<{ items: PlayerSession[] }> {
      const autoLogout = await deps.autoLogout(playerId);
      if (autoLogout === undefined) throw notFound();
      const now = deps.clock.now();
      const rows = await repository.liveSessions(playerId, new Date(now));
      return {
        items: rows
          .filter((row) => !autoLogout || now - row.lastSeenAt.getTime() < deps.idleMs)
          .map((row) => ({
            id: row.id,
            userAgent: row.userAgent,
            ip: row.ip,
            startedAt: row.createdAt.toISOString(),
            lastSeenAt: row.lastSeenAt.toISOString(),
          })),
      };
    },
    endSession: (playerId: number, sessionId: number, actor: SignedInOperator) =>
      endSessions(playerId, sessionId, actor),
    endAllSessions: (playerId: number, actor: SignedInOperator) => endSessions(playerId, null, actor),
  };
}

export type PlayersAdminService = ReturnType<typeof createPlayersAdminService>;
