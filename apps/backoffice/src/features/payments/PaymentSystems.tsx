import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatMinorNumber, parseSum, type CurrencyCode } from '@kometa/money';
import {
  REQUISITE_KINDS,
  VERIFICATIONS,
  type PaymentSystemAdminRow,
  type PaymentVerificationRules,
} from '@kometa/contracts';
import { Pencil } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Badge, PageHeader } from '../../ui/feedback.tsx';
import { CheckGroup, FormDialog, TextField, formText } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';
import { useMay } from './Withdrawals.tsx';

const P = ru.payments;
const REQUISITE_OPTIONS = REQUISITE_KINDS.map((kind) => [kind, P.requisiteKinds[kind]!] as const);
const VERIFICATION_OPTIONS = VERIFICATIONS.map((v) => [v, P.verifications[v]] as const);

/**
 * The payment systems the cashier offers (limits, requisites, commission, on/off, order) and what a
 * player verifies before paying; the cashier reads both on every request.
 */
export function PaymentSystems() {
  const may = useMay();
  const canManage = may('payment_systems.manage');
  const systems = useQuery({
    queryKey: ['payment-systems'],
    queryFn: () =>
      api<{ items: PaymentSystemAdminRow[]; verification: PaymentVerificationRules }>(
        'GET',
        '/payment-systems',
      ),
  });
  const [editing, setEditing] = useState<PaymentSystemAdminRow | null>(null);
  const { run, fields, setFields, isBusy } = useAction();

  function submitSystem(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editing) return;
    const form = new FormData(event.currentTarget);
    const currency = editing.currency as CurrencyCode;
    const sum = (name: string) => {
      const text = formText(form, name);
      return text ? parseSum(text, currency) : null;
    };
    let body;
    try {
      body = {
        name: formText(form, 'name'),
        minAmount: sum('minAmount') ?? 0,
        maxAmount: sum('maxAmount') ?? 0,
        multipleOf: sum('multipleOf'),
        commissionBp: Math.round(Number(formText(form, 'commission').replace(',', '.') || '0') * 100),
        requisites: form.getAll('requisites').map(String),
        active: form.get('active') === 'on',
        sort: Number(formText(form, 'sort') || '0'),
      };
    } catch {
      setFields({ minAmount: 'errors.payment_admin.bad_amount' });
      return;
    }
    void run(async () => {
      await api('PUT', `/payment-systems/${editing.id}`, { body });
      return P.saved;
    }).then((done) => done && setEditing(null));
  }

  function submitVerification(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      await api('PUT', '/payment-verification', {
        body: {
          deposit: form.getAll('deposit').map(String),
          withdrawal: form.getAll('withdrawal').map(String),
        },
      });
      return P.saved;
    });
  }

  const columns: Column<PaymentSystemAdminRow>[] = [
    {
      id: 'name',
      header: P.name,
      cell: (s) => (
        <>
          <div>{s.name}</div>
          <div className="muted mono">{s.id}</div>
        </>
      ),
    },
    { id: 'direction', header: P.direction, cell: (s) => `${P.directions[s.direction]} · ${s.currency}` },
    {
      id: 'limits',
      header: P.limits,
      cell: (s) => (
        <span className="nowrap">
          {formatMinorNumber(s.minAmount, s.currency)} — {money(s.maxAmount, s.currency)}
        </span>
      ),
      align: 'num',
    },
    {
      id: 'commission',
      header: P.commissionPercent,
      cell: (s) => `${(s.commissionBp / 100).toLocaleString('ru-RU')} %`,
      align: 'num',
    },
    {
      id: 'requisites',
      header: P.requisites,
      cell: (s) => s.requisites.map((kind) => P.requisiteKinds[kind]).join(', ') || P.noRequisites,
    },
    { id: 'sort', header: P.sort, cell: (s) => s.sort, align: 'num' },
    {
      id: 'active',
      header: P.status,
      cell: (s) => <Badge tone={s.active ? 'success' : 'plain'}>{s.active ? P.on : P.off}</Badge>,
    },
    ...(canManage
      ? [
          {
            id: 'edit',
            header: ru.common.actions,
            hiddenHeader: true,
            cell: (s: PaymentSystemAdminRow) => (
              <button
                type="button"
                className="button button-small"
                onClick={() => {
                  setFields({});
                  setEditing(s);
                }}
                aria-label={`${P.edit}: ${s.name}`}
              >
                <Pencil size={14} aria-hidden /> {P.edit}
              </button>
            ),
          },
        ]
      : []),
  ];
  const rules = systems.data?.verification;
  const amount = (value: number | null) =>
    value === null || !editing ? '' : formatMinorNumber(value, editing.currency).replace(/\u00a0/g, ' ');
  const message = (key: string | undefined) => (key ? messageOf(key) : undefined);

  return (
    <>
      <PageHeader title={P.systemsTitle} lead={P.systemsLead} />
      <div className="card">
        <DataTable
          caption={P.systemsTitle}
          columns={columns}
          rows={systems.data?.items}
          rowKey={(s) => s.id}
          isLoading={systems.isLoading}
          error={systems.error}
          onRetry={() => void systems.refetch()}
        />
      </div>
      {rules ? (
        <section className="card" aria-labelledby="verification-rules" style={{ marginTop: 16 }}>
          <div className="card-header">
            <h2 id="verification-rules">{P.verificationTitle}</h2>
          </div>
          <form className="card-body grid" onSubmit={submitVerification} key={JSON.stringify(rules)}>
            <p className="muted" style={{ margin: 0 }}>
              {P.verificationLead}
            </p>
            <div className="grid grid-2">
              <CheckGroup
                legend={P.forDeposit}
                name="deposit"
                options={VERIFICATION_OPTIONS}
                checked={rules.deposit}
              />
              <CheckGroup
                legend={P.forWithdrawal}
                name="withdrawal"
                options={VERIFICATION_OPTIONS}
                checked={rules.withdrawal}
              />
            </div>
            {canManage ? (
              <div>
                <button type="submit" className="button button-primary" disabled={isBusy}>
                  {P.saveVerification}
                </button>
              </div>
            ) : null}
          </form>
        </section>
      ) : null}
      <FormDialog
        title={editing ? P.editTitle(editing.name) : ''}
        open={editing !== null}
        onClose={() => setEditing(null)}
        formId="payment-system-form"
        submitLabel={ru.common.save}
        isBusy={isBusy}
      >
        {editing ? (
          <form id="payment-system-form" className="grid" onSubmit={submitSystem} key={editing.id}>
            <TextField
              id="system-name"
              name="name"
              label={P.name}
              defaultValue={editing.name}
              required
              maxLength={120}
              error={message(fields.name)}
            />
            <div className="grid grid-2">
              <TextField
                id="system-min"
                name="minAmount"
                label={P.min}
                inputMode="decimal"
                defaultValue={amount(editing.minAmount)}
                required
                error={message(fields.minAmount)}
              />
              <TextField
                id="system-max"
                name="maxAmount"
                label={P.max}
                inputMode="decimal"
                defaultValue={amount(editing.maxAmount)}
                required
                error={message(fields.maxAmount)}
              />
              <TextField
                id="system-multiple"
                name="multipleOf"
                label={P.multipleOf}
                inputMode="decimal"
                defaultValue={amount(editing.multipleOf)}
                error={message(fields.multipleOf)}
              />
              <TextField
                id="system-commission"
                name="commission"
                label={P.commissionPercent}
                inputMode="decimal"
                defaultValue={String(editing.commissionBp / 100).replace('.', ',')}
                error={message(fields.commissionBp)}
              />
              <TextField
                id="system-sort"
                name="sort"
                label={P.sort}
                inputMode="numeric"
                defaultValue={String(editing.sort)}
                error={message(fields.sort)}
              />
            </div>
            <CheckGroup
              legend={P.requisites}
              name="requisites"
              options={REQUISITE_OPTIONS}
              checked={editing.requisites}
            />
            <label className="check">
              <input type="checkbox" name="active" defaultChecked={editing.active} /> {P.active}
            </label>
          </form>
        ) : null}
      </FormDialog>
    </>
  );
}
