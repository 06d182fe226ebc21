import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RewardRefusal } from '../protection/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { createRewardsRepository } from './rewards.repository.ts';
import { createRewardsService } from './rewards.service.ts';

export type {
  RewardsService,
  Reward,
  RewardOutcome,
  RewardHandler,
  PreparedGrant,
} from './rewards.service.ts';
export type { RewardKind, RewardUnit } from './rewards.repository.ts';

/** What the reward port needs from other modules (wired in composition.ts). */
export interface RewardsPorts {
  ledger: Ledger;
  /** Player protection: why nothing of value may be granted to the player now, or null. */
  refusal(userId: number): Promise<RewardRefusal | null>;
}

/** The reward port (ADR 030): every feature grants anything of value through `service.grant`. */
export function createRewardsModule(deps: { db: Db; clock: Clock; ports: RewardsPorts }) {
  const service = createRewardsService({
    db: deps.db,
    repository: createRewardsRepository(deps.db),
    clock: deps.clock,
    ledger: deps.ports.ledger,
    refusal: deps.ports.refusal,
  });
  return { service };
}
