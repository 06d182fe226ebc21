import type { PlayerLabel } from '@kometa/contracts';

/** The labels behind the roles of spec §6, as the operator (or a later feature) sets them. */
export const RoleLabel = {
  fake: 'f',
  tester: 'tester',
  vip: 'vip_club',
  verifiedBySystem: 'user_document_verify_accepted',
  verifiedByOperator: 'user_document_verify_operator_accepted',
} as const;

/**
 * What the server itself knows of a player's roles, from the labels it stores; never from the
 * `isFake` / `t_uid` parameters a client sends. Later features exclude fake and tester players from
 * public figures (wins feeds, leaderboards, reports) and gate verified-only games on `verified`.
 */
export interface Roles {
  fake: boolean;
  tester: boolean;
  vip: boolean;
  verified: boolean;
}

export function rolesOf(labels: readonly string[]): Roles {
  const has = (label: string) => labels.includes(label);
  return {
    fake: has(RoleLabel.fake),
    tester: has(RoleLabel.tester),
    vip: has(RoleLabel.vip) || has('vip'),
    verified: has(RoleLabel.verifiedBySystem) || has(RoleLabel.verifiedByOperator),
  };
}

/** Fake and tester players' play never counts in public figures. */
export const countsInPublicFigures = (roles: Roles): boolean => !roles.fake && !roles.tester;

/**
 * The labels an operator sets on the player card (ADR 045), as they are stored: the first is written,
 * any of them counts. VIP is `vip` (what the gifts' VIP-only offers and promo codes look for) or the
 * spec's `vip_club`; clearing a label removes every spelling of it.
 */
export const OPERATOR_LABELS: Record<PlayerLabel, readonly [string, ...string[]]> = {
  vip: ['vip', RoleLabel.vip],
  tester: [RoleLabel.tester],
  fake: [RoleLabel.fake],
};

/** The operator's labels among a player's stored labels. */
export const operatorLabelsOf = (labels: readonly string[]): PlayerLabel[] =>
  (Object.keys(OPERATOR_LABELS) as PlayerLabel[]).filter((label) =>
    OPERATOR_LABELS[label].some((stored) => labels.includes(stored)),
  );
