import { useState, type FormEvent } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { GAME_ADMIN_STATES, type OperatorProfile, type ProviderAdminRow } from '@kometa/contracts';
import { Copy, Eye, EyeOff, KeyRound, Plus } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useServerList } from '../../lib/use-server-list.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import type { Column, SortState } from '../../ui/DataTable.tsx';
import { Badge, IconButton, Modal, PageHeader, useToast } from '../../ui/feedback.tsx';
import { FilterBar, FormDialog, formText, SelectField, TextField } from '../../ui/form.tsx';
import { ServerTable } from '../../ui/ServerTable.tsx';
import { useAction } from '../../ui/use-action.ts';

const INITIAL_SORT: SortState = { field: 'id', order: 'asc' };
const t = ru.games;
const readFilters = (form: FormData) => ({
  query: formText(form, 'query') || undefined,
  state: formText(form, 'state') || undefined,
});

type Dialog =
  | { kind: 'create' }
  | { kind: 'rotate'; provider: ProviderAdminRow }
  | { kind: 'secret'; provider: ProviderAdminRow; secret: string };

/** The secret, once: copied or written down before the dialog closes; never shown again. */
function SecretDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const toast = useToast();
  return (
    <Modal
      title={t.secretTitle(name)}
      open
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose}>
          {t.done}
        </button>
      }
    >
      <div className="grid">
        <p className="alert alert-info" style={{ margin: 0 }}>
          {t.secretLead}
        </p>
        <div className="secret-box">
          <code className="mono" aria-label={t.secret}>
            {secret}
          </code>
          <button
            type="button"
            className="button button-small"
            onClick={() => void navigator.clipboard?.writeText(secret).then(() => toast(t.copied))}
          >
            <Copy size={14} aria-hidden /> {t.copy}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Providers: the list (server-paged, filtered, CSV), switching on and off, new providers, secrets. */
export function Providers() {
  const list = useServerList<ProviderAdminRow>('providers', INITIAL_SORT);
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('providers.manage') ?? false;
  const action = useAction();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const fieldError = (name: string) => (action.fields[name] ? messageOf(action.fields[name]) : undefined);

  function toggle(p: ProviderAdminRow) {
    if (p.active && !window.confirm(t.confirmProviderDisable(p.name))) return;
    void action.run(async () => {
      await api('POST', `/providers/${p.id}/${p.active ? 'disable' : 'enable'}`);
      return p.active ? t.providerDisabled(p.name) : t.providerEnabled(p.name);
    });
  }

  function rotate(provider: ProviderAdminRow) {
    void action.run(async () => {
      const answer = await api<{ provider: ProviderAdminRow; secret: string }>(
        'POST',
        `/providers/${provider.id}/secret`,
      );
      setDialog({ kind: 'secret', provider: answer.provider, secret: answer.secret });
      return t.rotatedAt(dateTime(answer.provider.secretRotatedAt));
    });
  }

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void action.run(async () => {
      const answer = await api<{ provider: ProviderAdminRow; secret: string }>('POST', '/providers', {
        body: {
          id: formText(form, 'id'),
          name: formText(form, 'name'),
          launchUrl: formText(form, 'launchUrl'),
        },
      });
      setDialog({ kind: 'secret', provider: answer.provider, secret: answer.secret });
      return t.providerCreated(answer.provider.name);
    });
  }

  const columns: Column<ProviderAdminRow>[] = [
    {
      id: 'name',
      header: t.providerName,
      sortKey: 'name',
      cell: (p) => (
        <>
          <div style={{ fontWeight: 550 }}>{p.name}</div>
          <div className="muted mono">{p.id}</div>
        </>
      ),
    },
    {
      id: 'source',
      header: t.source,
      cell: (p) => (
        <Badge tone={p.source === 'back_office' ? 'primary' : 'plain'}>{t.sources[p.source]}</Badge>
      ),
    },
    {
      id: 'state',
      header: t.state,
      cell: (p) =>
        p.active ? (
          <Badge tone="success">{t.providerStates.active}</Badge>
        ) : (
          <Badge tone="danger">{t.providerStates.disabled}</Badge>
        ),
    },
    {
      id: 'secret',
      header: t.secret,
      cell: (p) =>
        p.signing === 'rsa' ? (
          <span className="muted">{t.rsaNoSecret}</span>
        ) : (
          <>
            <div className="mono">{p.secretHint ?? '—'}</div>
            <div className="muted">
              {p.source === 'built_in'
                ? t.builtInSecret
                : p.secretRotatedAt
                  ? t.rotatedAt(dateTime(p.secretRotatedAt))
                  : t.neverRotated}
            </div>
          </>
        ),
    },
    { id: 'signing', header: t.signing, cell: (p) => t.signings[p.signing], nowrap: true },
    {
      id: 'games',
      header: t.gamesCount,
      sortKey: 'games',
      align: 'num',
      nowrap: true,
      cell: (p) => t.gamesOf(p.activeGames, p.games),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: ru.common.actions,
            hiddenHeader: true,
            cell: (p: ProviderAdminRow) => (
              <div className="row-actions">
                {p.source !== 'built_in' && p.signing === 'hmac' ? (
                  <IconButton
                    icon={KeyRound}
                    title={t.rotate}
                    label={t.rotateTitle(p.name)}
                    onClick={() => setDialog({ kind: 'rotate', provider: p })}
                  />
                ) : null}
                <IconButton
                  icon={p.active ? EyeOff : Eye}
                  title={p.active ? t.disable : t.enable}
                  label={p.active ? t.disableProvider(p.name) : t.enableProvider(p.name)}
                  isDanger={p.active}
                  onClick={() => toggle(p)}
                />
              </div>
            ),
          },
        ]
      : []),
  ];

  /** A form dialog closes (cancelled, or replaced by the secret it produced: that one stays). */
  const close = () => {
    setDialog((current) => (current?.kind === 'secret' ? current : null));
    action.setFields({});
  };

  return (
    <>
      <PageHeader
        title={t.providersTitle}
        lead={t.providersLead}
        actions={
          canManage ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setDialog({ kind: 'create' })}
            >
              <Plus size={16} aria-hidden /> {t.createProvider}
            </button>
          ) : null
        }
      />
      <div className="card">
        <FilterBar list={list} exportPath="/providers/export" read={readFilters} withReset>
          <TextField
            id="providers-query"
            name="query"
            label={t.providerQuery}
            grow
            defaultValue={list.filterValue('query')}
          />
          <SelectField
            id="providers-state"
            name="state"
            label={t.state}
            options={GAME_ADMIN_STATES.map((state) => [state, t.providerStates[state]] as const)}
            anyOption
            defaultValue={list.filterValue('state')}
          />
        </FilterBar>
        <ServerTable list={list} caption={t.providersTitle} columns={columns} rowKey={(p) => p.id} />
      </div>

      <FormDialog
        title={t.createProvider}
        open={dialog?.kind === 'create'}
        onClose={close}
        formId="provider-form"
        submitLabel={t.createProvider}
        isBusy={action.isBusy}
      >
        <form id="provider-form" className="grid" onSubmit={create}>
          <TextField
            id="provider-id"
            name="id"
            label={t.providerId}
            hint={t.providerIdHint}
            required
            maxLength={32}
            error={fieldError('id')}
          />
          <TextField
            id="provider-name"
            name="name"
            label={t.providerName}
            required
            maxLength={80}
            error={fieldError('name')}
          />
          <TextField
            id="provider-url"
            name="launchUrl"
            label={t.launchUrl}
            hint={t.launchUrlHint}
            required
            placeholder="https://games.example/play/{game}?token={token}&mode={mode}&lang={lang}"
            error={fieldError('launchUrl')}
          />
        </form>
      </FormDialog>

      <FormDialog
        title={dialog?.kind === 'rotate' ? t.rotateTitle(dialog.provider.name) : t.rotate}
        open={dialog?.kind === 'rotate'}
        onClose={close}
        formId="rotate-form"
        submitLabel={t.rotateConfirm}
        isDanger
        isBusy={action.isBusy}
      >
        <form
          id="rotate-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (dialog?.kind === 'rotate') rotate(dialog.provider);
          }}
        >
          <p style={{ margin: 0 }}>{t.rotateLead}</p>
        </form>
      </FormDialog>

      {dialog?.kind === 'secret' ? (
        <SecretDialog name={dialog.provider.name} secret={dialog.secret} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
