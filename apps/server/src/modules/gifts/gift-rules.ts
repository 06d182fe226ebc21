import {
  WAGER_GAME_TYPES,
  giftRules,
  type GiftRules,
  type GiftWagerConfig,
  type WagerGameType,
} from '@kometa/contracts';

/** The contribution when neither the offer nor `gift_wager_config` names a game type. */
const DEFAULT_CONTRIBUTION: Record<WagerGameType, number> = {
  slots: 100,
  table: 10,
  live: 10,
  crash: 50,
  other: 50,
};

/**
 * The rules a new gift copies: the offer's own, with every game type's contribution filled from the
 * operator's `gift_wager_config` (then the defaults), so a later change of the setting never
 * changes a gift already given.
 */
export function rulesForGift(offerRules: unknown, config: GiftWagerConfig | null): GiftRules {
  const rules = giftRules.parse(offerRules);
  const contributions = Object.fromEntries(
    WAGER_GAME_TYPES.map((type) => [
      type,
      rules.contributions[type] ?? config?.contributions[type] ?? DEFAULT_CONTRIBUTION[type],
    ]),
  ) as Record<WagerGameType, number>;
  return { ...rules, contributions };
}

/** Bonus money a deposit earns from a deposit bonus: its percent, up to the cap; 0 below the minimum. */
export function depositBonusAmount(rules: GiftRules, deposit: number): number {
  if (rules.percent === null) return 0;
  if (rules.minDeposit !== null && deposit < rules.minDeposit) return 0;
  const raw = Math.floor((deposit * rules.percent) / 100);
  return rules.amount === null ? raw : Math.min(raw, rules.amount);
}

/** The wagering a credited bonus asks for (the multiple of the bonus itself). */
export function requiredWager(rules: GiftRules, bonus: number): number {
  return bonus * rules.wagerMultiplier;
}

/** What a stake counts toward the requirement on a game type; integer, rounded down. */
export function wagerContribution(rules: GiftRules, gameType: WagerGameType, stake: number): number {
  return Math.floor((stake * (rules.contributions[gameType] ?? 0)) / 100);
}

/**
 * A met requirement turns the bonus balance into real money up to the conversion cap; the rest goes
 * back to the house.
 */
export function conversionOf(
  rules: GiftRules,
  bonusBalance: number,
): { converted: number; forfeited: number } {
  const converted = rules.conversionCap === null ? bonusBalance : Math.min(bonusBalance, rules.conversionCap);
  return { converted, forfeited: bonusBalance - converted };
}

/**
 * Real money first (ADR 030): a stake takes real money, then bonus money for the rest. Null when the
 * two together cannot cover it.
 */
export function splitStake(
  stake: number,
  real: number,
  bonus: number,
): { real: number; bonus: number } | null {
  if (stake > real + bonus) return null;
  const fromReal = Math.min(stake, real);
  return { real: fromReal, bonus: stake - fromReal };
}

/** A win goes back in the bet's proportions: the bonus part rounded down, the rest real. */
export function splitWin(
  win: number,
  stake: { real: number; bonus: number },
): { real: number; bonus: number } {
  const total = stake.real + stake.bonus;
  if (total === 0 || stake.bonus === 0) return { real: win, bonus: 0 };
  const bonus = Math.floor((win * stake.bonus) / total);
  return { real: win - bonus, bonus };
}
