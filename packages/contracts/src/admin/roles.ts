/**
 * Operators of the back office (issue 18, ADR 028): their roles, the permissions (one per operator
 * call) and which role holds which. The server checks a call's permission on every request; the back
 * office hides what a role may not use. Both read this file only.
 */
export const OPERATOR_ROLES = [
  'administrator',
  'finance',
  'support',
  'risk',
  'content',
  'marketing',
] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  'dashboard.view',
  'operators.list',
  'operators.create',
  'operators.roles',
  'operators.block',
  'operators.unblock',
  'operators.totp_reset',
  'audit.list',
  'audit.export',
  'approvals.list',
  'approvals.approve',
  'approvals.reject',
  'players.search',
  'players.view',
  'balance.adjust',
  'players.labels',
  'players.rounds',
  'players.sessions',
  'players.sessions_end',
  'players.protection',
  'players.protection_apply',
  'players.notes',
  'players.notes_add',
  'bonuses.list',
  'bonuses.manage',
  'promo.list',
  'promo.manage',
  'bonuses.player_view',
  'bonuses.grant',
  'bonuses.cancel',
  'payments.list',
  'payments.review',
  'payments.mark_paid',
  'payments.status',
  'payments.refund',
  'payment_systems.list',
  'payment_systems.manage',
  'kyc.list',
  'kyc.document',
  'kyc.review',
  'kyc.finance_block',
  'games.list',
  'games.manage',
  'providers.list',
  'providers.manage',
  'content.view',
  'content.manage',
  'settings.manage',
  'reports.view',
  'ledger.list',
  'promotions.list',
  'promotions.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The matrix. Administrators hold everything; managing operators is theirs alone. Finance moves money
 * (and approves others' moves); risk and compliance read the audit log and watch the four-eyes queue;
 * support looks players up (and sees their bonuses); marketing runs offers and promo codes, finance
 * grants and cancels a player's bonus by hand (ADR 033).
 * Payments (ADR 036): finance runs the withdrawal queue, refunds and the payment systems; support and
 * risk see them. KYC: risk and compliance review documents (and stop a player's payments); finance and
 * support see the queue without opening the documents.
 * Games (ADR 037): content runs the games and the lobby, risk watches their live RTP, the administrator
 * alone switches providers and rotates their secrets.
 * Content (ADR 038): content edits pages, redirects, menus, banners, images and the site's settings,
 * which marketing may read.
 * Reports and the ledger's entries are finance's, risk's and administrators' (ADR 039).
 * The player card (ADR 045): risk labels players (VIP, tester, fake) and tightens limits or applies an
 * exclusion; support and risk see and end sessions and keep notes; finance sees rounds and limits.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  administrator: PERMISSIONS,
  finance: [
    'dashboard.view',
    'players.search',
    'players.view',
    'balance.adjust',
    'players.rounds',
    'players.protection',
    'approvals.list',
    'approvals.approve',
    'approvals.reject',
    'bonuses.list',
    'promo.list',
    'bonuses.player_view',
    'bonuses.grant',
    'bonuses.cancel',
    'payments.list',
    'payments.review',
    'payments.mark_paid',
    'payments.status',
    'payments.refund',
    'payment_systems.list',
    'payment_systems.manage',
    'kyc.list',
    'reports.view',
    'ledger.list',
  ],
  support: [
    'dashboard.view',
    'players.search',
    'players.view',
    'players.rounds',
    'players.sessions',
    'players.sessions_end',
    'players.protection',
    'players.notes',
    'players.notes_add',
    'bonuses.player_view',
    'payments.list',
    'payment_systems.list',
    'kyc.list',
  ],
  risk: [
    'dashboard.view',
    'players.search',
    'players.view',
    'players.labels',
    'players.rounds',
    'players.sessions',
    'players.sessions_end',
    'players.protection',
    'players.protection_apply',
    'players.notes',
    'players.notes_add',
    'audit.list',
    'audit.export',
    'approvals.list',
    'bonuses.list',
    'promo.list',
    'bonuses.player_view',
    'payments.list',
    'payment_systems.list',
    'kyc.list',
    'kyc.document',
    'kyc.review',
    'kyc.finance_block',
    'games.list',
    'providers.list',
    'reports.view',
    'ledger.list',
  ],
  // Content runs the lobby (games, names, art, tags, tabs and sets; ADR 037) and the site's texts, menus,
  // banners and settings (ADR 038). Providers' switches and secrets are the administrator's alone.
  content: [
    'dashboard.view',
    'games.list',
    'games.manage',
    'providers.list',
    'content.view',
    'content.manage',
    'settings.manage',
  ],
  // Marketing runs the offers, the promo codes and the site's promotions (ADR 040); granting by hand
  // and cancelling are finance's.
  marketing: [
    'dashboard.view',
    'players.search',
    'bonuses.list',
    'bonuses.manage',
    'promo.list',
    'promo.manage',
    'content.view',
    'promotions.list',
    'promotions.manage',
  ],
};

/** Everything a set of roles may do. */
export function permissionsOf(roles: readonly OperatorRole[]): Permission[] {
  const held = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
  return PERMISSIONS.filter((permission) => held.has(permission));
}

/** Message keys of the operator API (Russian texts in messages.ru.ts). */
export const AdminMessage = {
  forbidden: 'errors.admin.forbidden',
  csrf: 'errors.admin.csrf',
  locked: 'errors.admin.locked',
  blocked: 'errors.admin.blocked',
  badCode: 'errors.admin.bad_code',
  emailTaken: 'errors.admin.email_taken',
  ownRequest: 'errors.admin.own_request',
  alreadyDecided: 'errors.admin.already_decided',
  notYourself: 'errors.admin.not_yourself',
  lastAdministrator: 'errors.admin.last_administrator',
  playerNotFound: 'errors.admin.player_not_found',
  badPeriod: 'errors.admin.bad_period',
} as const;
