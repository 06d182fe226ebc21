import { useState, type FormEvent } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { OperatorProfile, RedirectAdminRow } from '@kometa/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Badge, IconButton, PageHeader } from '../../ui/feedback.tsx';
import { FormDialog, formText, SelectField, TextField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';

const t = ru.content;

/** SEO redirects from old paths: 301 for good, 302 for a while. */
export function Redirects() {
  const redirects = useQuery({
    queryKey: ['content-redirects'],
    queryFn: () => api<RedirectAdminRow[]>('GET', '/content/redirects'),
  });
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('content.manage') ?? false;
  const [isOpen, setOpen] = useState(false);
  const { run, fields, setFields, isBusy } = useAction();
  const removeAction = useAction({ fieldErrors: false });
  const error = (name: string) => (fields[name] ? messageOf(fields[name]) : undefined);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const isDone = await run(async () => {
      await api('POST', '/content/redirects', {
        body: {
          source: formText(form, 'source'),
          target: formText(form, 'target'),
          code: Number(formText(form, 'code')),
        },
      });
      return t.redirectCreated;
    });
    if (isDone) setOpen(false);
  }

  const columns: Column<RedirectAdminRow>[] = [
    { id: 'source', header: t.source, cell: (r) => <span className="mono">/{r.source}</span> },
    { id: 'target', header: t.target, cell: (r) => <span className="mono">{r.target}</span> },
    {
      id: 'code',
      header: t.code,
      cell: (r) => <Badge tone={r.code === 301 ? 'primary' : 'plain'}>{t.codes[r.code] ?? r.code}</Badge>,
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: ru.common.actions,
            hiddenHeader: true,
            cell: (r: RedirectAdminRow) => (
              <IconButton
                icon={Trash2}
                title={t.delete}
                label={`${t.delete}: /${r.source}`}
                isDanger
                onClick={() => {
                  if (window.confirm(t.confirmDeleteRedirect(r.source)))
                    void removeAction.run(async () => {
                      await api('DELETE', `/content/redirects/${r.id}`);
                      return t.redirectDeleted;
                    });
                }}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t.redirectsTitle}
        lead={t.redirectsLead}
        actions={
          canManage ? (
            <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
              <Plus size={16} aria-hidden /> {t.redirectCreate}
            </button>
          ) : null
        }
      />
      <div className="card">
        <DataTable
          caption={t.redirectsTitle}
          columns={columns}
          rows={redirects.data}
          rowKey={(r) => r.id}
          isLoading={redirects.isLoading}
          error={redirects.error}
          onRetry={() => void redirects.refetch()}
        />
      </div>
      <FormDialog
        title={t.redirectCreate}
        open={isOpen}
        onClose={() => {
          setOpen(false);
          setFields({});
        }}
        formId="redirect-form"
        submitLabel={t.redirectCreate}
        isBusy={isBusy}
      >
        <form id="redirect-form" className="grid" onSubmit={(event) => void create(event)} noValidate>
          <TextField
            id="redirect-source"
            name="source"
            label={t.source}
            className="input mono"
            required
            hint={error('source') ? undefined : t.sourceHint}
            error={error('source')}
          />
          <TextField
            id="redirect-target"
            name="target"
            label={t.target}
            className="input mono"
            required
            hint={error('target') ? undefined : t.targetHint}
            error={error('target')}
          />
          <SelectField
            id="redirect-code"
            name="code"
            label={t.code}
            options={[
              ['301', t.codes[301]!],
              ['302', t.codes[302]!],
            ]}
            defaultValue="301"
          />
        </form>
      </FormDialog>
    </>
  );
}
