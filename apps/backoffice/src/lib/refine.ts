import type { AccessControlProvider, AuthProvider, CrudFilter, DataProvider } from '@refinedev/core';
import { ADMIN_PREFIX, type Permission } from '@kometa/contracts';
import { api, ApiError } from './api.ts';
import { hasPermission, loadSession, resetSession } from './session.ts';

/**
 * Refine over the operator API (ADR 028): lists page, sort and filter on the server; the session and
 * its permissions come from GET /session; what a role may not use is hidden (the server refuses it
 * anyway).
 */
export const RESOURCE_PERMISSIONS: Record<string, Permission> = {
  dashboard: 'dashboard.view',
  players: 'players.search',
  approvals: 'approvals.list',
  audit: 'audit.list',
  operators: 'operators.list',
  offers: 'bonuses.list',
  'promo-codes': 'promo.list',
  'abuse-flags': 'bonuses.list',
  'content/pages': 'content.view',
  'content/slides': 'content.view',
  'content/menus': 'content.view',
  'content/redirects': 'content.view',
  'content/images': 'content.view',
  'content/settings': 'content.view',
  payments: 'payments.list',
  withdrawals: 'payments.list',
  'payment-systems': 'payment_systems.list',
  'kyc-documents': 'kyc.list',
  games: 'games.list',
  lobby: 'games.list',
  providers: 'providers.list',
  reports: 'reports.view',
  ledger: 'ledger.list',
  promotions: 'promotions.list',
};

const filterQuery = (filters: CrudFilter[] | undefined) =>
  Object.fromEntries(
    (filters ?? []).flatMap((filter) =>
      'field' in filter && filter.value !== undefined && filter.value !== '' && filter.value !== null
        ? [[filter.field, String(filter.value)]]
        : [],
    ),
  );

export const dataProvider: DataProvider = {
  getApiUrl: () => ADMIN_PREFIX,
  async getList({ resource, pagination, sorters, filters }) {
    const sorter = sorters?.[0];
    const page = await api<{ items: never[]; total: number }>('GET', `/${resource}`, {
      query: {
        page: pagination?.currentPage,
        pageSize: pagination?.pageSize,
        sort: sorter?.field,
        order: sorter?.order,
        ...filterQuery(filters),
      },
    });
    return { data: page.items, total: page.total };
  },
  async getOne({ resource, id }) {
    return { data: await api('GET', `/${resource}/${id}`) };
  },
  async create({ resource, variables }) {
    return { data: await api('POST', `/${resource}`, { body: variables }) };
  },
  async update() {
    throw new ApiError(405, 'errors.method_not_allowed');
  },
  async deleteOne() {
    throw new ApiError(405, 'errors.method_not_allowed');
  },
  async custom({ url, method, payload, query }) {
    const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
    return { data: await api(verb, url, { body: payload, query: query as Record<string, string> }) };
  },
};

export const authProvider: AuthProvider = {
  // Sign-in has two steps (password, then TOTP) and its own screen (features/auth/SignIn.tsx).
  login: async () => ({ success: false }),
  async logout() {
    await api('POST', '/session/logout').catch(() => undefined);
    resetSession();
    return { success: true, redirectTo: '/login' };
  },
  async check() {
    return (await loadSession())
      ? { authenticated: true }
      : { authenticated: false, redirectTo: '/login', logout: true };
  },
  async getIdentity() {
    return (await loadSession())?.operator ?? null;
  },
  async getPermissions() {
    return (await loadSession())?.operator.permissions ?? [];
  },
  async onError(error) {
    if (error instanceof ApiError && error.status === 401) {
      resetSession();
      return { logout: true, redirectTo: '/login' };
    }
    return {};
  },
};

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    // An action may name a permission itself ("balance.adjust"); otherwise the resource's list decides.
    const permission = (action.includes('.') ? action : resource && RESOURCE_PERMISSIONS[resource]) as
      Permission | undefined;
    return { can: permission ? await hasPermission(permission) : false };
  },
  options: { buttons: { hideIfUnauthorized: true } },
};
