import { useState, type FormEvent } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { OPERATOR_ROLES, type OperatorProfile, type OperatorRole, type OperatorRow } from '@kometa/contracts';
import { Ban, KeyRound, Plus, ShieldCheck, UserCheck } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { Badge, IconButton, PageHeader } from '../../ui/feedback.tsx';
import { CheckGroup, FilterBar, FormDialog, formText, SelectField, TextField } from '../../ui/form.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { useAction } from '../../ui/use-action.ts';

const INITIAL_SORT: SortState = { field: 'id', order: 'asc' };
const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => [role, ru.roles[role]] as const);
const STATUS_OPTIONS = [
  ['active', ru.operators.active],
  ['blocked', ru.operators.blocked],
] as const;
const readFilters = (form: FormData) => ({
  query: formText(form, 'query'),
  role: formText(form, 'role'),
  status: formText(form, 'status'),
});

const RoleChecks = (props: { selected: readonly OperatorRole[]; error: string | undefined }) => (
  <CheckGroup
    legend={ru.operators.roles}
    name="roles"
    options={ROLE_OPTIONS}
    checked={props.selected}
    error={props.error}
  />
);

/** Operators: the list (server-paged, filtered, sorted, exported), creation, roles, block, TOTP reset. */
export function Operators() {
  const list = useServerList<OperatorRow>('operators', INITIAL_SORT);
  const { data: me } = useGetIdentity<OperatorProfile>();
  const action = useAction();
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'roles'; operator: OperatorRow } | null>(
    null,
  );
  const may = (permission: string) => me?.permissions.includes(permission as never) ?? false;

  async function change(work: () => Promise<unknown>, done: string) {
    const succeeded = await action.run(async () => {
      await work();
      return done;
    });
    if (succeeded) setDialog(null);
  }

  function submitCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email'));
    void change(
      () =>
        api('POST', '/operators', {
          body: {
            email,
            name: form.get('name'),
            password: form.get('password'),
            roles: form.getAll('roles'),
          },
        }),
      ru.operators.createdToast(email),
    );
  }

  function submitRoles(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (dialog?.kind !== 'roles') return;
    const roles = new FormData(event.currentTarget).getAll('roles');
    void change(
      () => api('PUT', `/operators/${dialog.operator.id}/roles`, { body: { roles } }),
      ru.operators.saved,
    );
  }

  /** A change to another operator from its row, asked again first where it locks someone out. */
  const changeOf = (o: OperatorRow, path: string, confirm?: string) => () => {
    if (confirm && !window.confirm(confirm)) return;
    void change(() => api('POST', `/operators/${o.id}/${path}`), ru.operators.saved);
  };
  const rowActions = (o: OperatorRow) => [
    {
      shown: may('operators.roles'),
      icon: ShieldCheck,
      title: ru.operators.editRoles,
      label: ru.operators.rolesTitle(o.name),
      onClick: () => setDialog({ kind: 'roles', operator: o }),
    },
    {
      shown: o.status === 'active' && may('operators.block'),
      icon: Ban,
      title: ru.operators.block,
      label: `${ru.operators.block}: ${o.name}`,
      isDanger: true,
      onClick: changeOf(o, 'block', ru.operators.confirmBlock(o.name)),
    },
    {
      shown: o.status === 'blocked' && may('operators.unblock'),
      icon: UserCheck,
      title: ru.operators.unblock,
      label: `${ru.operators.unblock}: ${o.name}`,
      onClick: changeOf(o, 'unblock'),
    },
    {
      shown: o.totpEnrolled && may('operators.totp_reset'),
      icon: KeyRound,
      title: ru.operators.resetTotp,
      label: `${ru.operators.resetTotp}: ${o.name}`,
      onClick: changeOf(o, 'totp-reset', ru.operators.confirmReset(o.name)),
    },
  ];

  const columns: Column<OperatorRow>[] = [
    { id: 'id', header: 'ID', cell: (o) => o.id, sortKey: 'id' },
    {
      id: 'name',
      header: ru.operators.name,
      cell: (o) => (
        <>
          <div style={{ fontWeight: 550 }}>
            {o.name} {o.id === me?.id ? <span className="muted">({ru.operators.you})</span> : null}
          </div>
          <div className="muted">{o.email}</div>
        </>
      ),
      sortKey: 'name',
    },
    {
      id: 'roles',
      header: ru.operators.roles,
      cell: (o) => (
        <div className="checks">
          {o.roles.map((role) => (
            <Badge key={role} tone="primary">
              {ru.roles[role]}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      id: 'status',
      header: ru.operators.status,
      cell: (o) =>
        o.status === 'active' ? (
          <Badge tone="success">{ru.operators.active}</Badge>
        ) : (
          <Badge tone="danger">{ru.operators.blocked}</Badge>
        ),
    },
    {
      id: 'totp',
      header: ru.operators.totp,
      cell: (o) =>
        o.totpEnrolled ? (
          <Badge tone="success">{ru.operators.enrolled}</Badge>
        ) : (
          <Badge tone="warning">{ru.operators.notEnrolled}</Badge>
        ),
    },
    {
      id: 'lastLogin',
      header: ru.operators.lastLogin,
      cell: (o) => (o.lastLoginAt ? dateTime(o.lastLoginAt) : ru.operators.never),
      sortKey: 'lastLoginAt',
      nowrap: true,
    },
    {
      id: 'created',
      header: ru.operators.created,
      cell: (o) => dateTime(o.createdAt),
      sortKey: 'createdAt',
      nowrap: true,
    },
    {
      id: 'actions',
      header: ru.common.actions,
      cell: (o) =>
        o.id === me?.id ? null : (
          <div className="row-actions">
            {rowActions(o).map(({ shown, ...button }) =>
              shown ? <IconButton key={button.title} {...button} /> : null,
            )}
          </div>
        ),
    },
  ];

  const fieldError = (name: string) => (action.fields[name] ? messageOf(action.fields[name]) : undefined);
  const close = () => {
    setDialog(null);
    action.setFields({});
  };

  return (
    <>
      <PageHeader
        title={ru.operators.title}
        lead={ru.operators.lead}
        actions={
          may('operators.create') ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setDialog({ kind: 'create' })}
            >
              <Plus size={16} aria-hidden /> {ru.operators.create}
            </button>
          ) : null
        }
      />
      <div className="card">
        <FilterBar list={list} exportPath="/operators/export" read={readFilters}>
          <TextField
            id="operators-query"
            name="query"
            label={ru.operators.searchLabel}
            grow
            defaultValue={list.filterValue('query')}
          />
          <SelectField
            id="operators-role"
            name="role"
            label={ru.operators.roles}
            options={ROLE_OPTIONS}
            anyOption
            defaultValue={list.filterValue('role')}
          />
          <SelectField
            id="operators-status"
            name="status"
            label={ru.operators.status}
            options={STATUS_OPTIONS}
            anyOption
            defaultValue={list.filterValue('status')}
          />
        </FilterBar>
        <ServerTable list={list} caption={ru.operators.title} columns={columns} rowKey={(o) => o.id} />
      </div>

      <FormDialog
        title={
          dialog?.kind === 'roles' ? ru.operators.rolesTitle(dialog.operator.name) : ru.operators.createTitle
        }
        open={dialog !== null}
        onClose={close}
        formId="operator-form"
        submitLabel={dialog?.kind === 'create' ? ru.operators.create : ru.common.save}
        isBusy={action.isBusy}
      >
        {dialog?.kind === 'create' ? (
          <form id="operator-form" className="grid" onSubmit={submitCreate}>
            <p className="muted" style={{ margin: 0 }}>
              {ru.operators.createLead}
            </p>
            <TextField
              id="new-email"
              name="email"
              label={ru.operators.email}
              type="email"
              required
              error={fieldError('email')}
            />
            <TextField
              id="new-name"
              name="name"
              label={ru.operators.name}
              required
              maxLength={100}
              error={fieldError('name')}
            />
            <TextField
              id="new-password"
              name="password"
              label={ru.operators.password}
              type="password"
              required
              minLength={12}
              autoComplete="new-password"
              hint={ru.operators.passwordHint}
              error={fieldError('password')}
            />
            <RoleChecks selected={[]} error={fieldError('roles')} />
          </form>
        ) : dialog?.kind === 'roles' ? (
          <form id="operator-form" className="grid" onSubmit={submitRoles}>
            <RoleChecks selected={dialog.operator.roles} error={fieldError('roles')} />
          </form>
        ) : null}
      </FormDialog>
    </>
  );
}
