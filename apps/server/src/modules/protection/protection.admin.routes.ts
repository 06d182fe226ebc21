import { AdminMessage, type ExclusionOptionId, type LimitKind, type LimitPeriod } from '@kometa/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AdminRoutes, AuditWriter, SignedInOperator } from '../operators/index.ts';
import type { OperatorChange, Player, ProtectionService } from './protection.service.ts';

/**
 * A player's limits and exclusion on the player card (ADR 045). Operators see them all and may only
 * tighten: add or lower a limit, apply or lengthen a time-out or a self-exclusion. Each change is in
 * the protection audit (actor `operator`) and the operators' audit, in the change's transaction.
 */
export function protectionAdmin(deps: {
  service: ProtectionService;
  audit: AuditWriter;
  timezone: string;
  /** The player protection works on (contacts for the exclusion's identities), from accounts. */
  player: (id: number) => Promise<Player | null>;
}) {
  async function existing(id: number): Promise<Player> {
    const player = await deps.player(id);
    if (!player) throw new AppError('NOT_FOUND', { message: AdminMessage.playerNotFound });
    return player;
  }
  const iso = (unix: number | null) => (unix === null ? null : new Date(unix * 1000).toISOString());
  async function view(player: Player) {
    const [{ limits }, { current }] = await Promise.all([
      deps.service.limits(player),
      deps.service.exclusion(player),
    ]);
    return {
      limits,
      exclusion: current
        ? {
            kind: current.kind,
            option: current.option,
            startedAt: iso(current.startedAt)!,
            until: iso(current.until),
          }
        : null,
      timezone: deps.timezone,
    };
  }
  const by = (
    actor: SignedInOperator,
    playerId: number,
    reason: string,
    what: Record<string, unknown> = {},
  ): OperatorChange => ({
    audit: async (tx, change) => {
      await deps.audit(
        actor,
        {
          action: change.action.startsWith('limit.') ? 'player.limit_tighten' : 'player.exclusion',
          targetType: 'player',
          targetId: String(playerId),
          before: (change.before ?? null) as Record<string, unknown> | null,
          after: { ...what, ...(change.after as Record<string, unknown>), change: change.action, reason },
        },
        tx,
      );
    },
  });
  const service = {
    view: async (id: number) => view(await existing(id)),
    async tightenLimit(
      id: number,
      kind: LimitKind,
      input: { period: LimitPeriod; amount: number; reason: string },
      actor: SignedInOperator,
    ) {
      const player = await existing(id);
      await deps.service.tightenLimit(
        player,
        kind,
        input.period,
        input.amount,
        by(actor, id, input.reason, { kind, period: input.period }),
      );
      return view(player);
    },
    async exclude(id: number, option: ExclusionOptionId, reason: string, actor: SignedInOperator) {
      const player = await existing(id);
      await deps.service.exclude(player, option, by(actor, id, reason));
      return view(player);
    },
  };
  const routes: AdminRoutes = ({ route, operatorOf }) => {
    route('playerProtection', async (_request, _reply, { params }) => ({
      data: await service.view(params.id),
    }));
    route('tightenPlayerLimit', async (request, _reply, { params, body }) => ({
      data: await service.tightenLimit(params.id, params.kind, body, operatorOf(request)),
    }));
    route('applyPlayerExclusion', async (request, _reply, { params, body }) => ({
      data: await service.exclude(params.id, body.option, body.reason, operatorOf(request)),
    }));
  };
  return { service, routes };
}
