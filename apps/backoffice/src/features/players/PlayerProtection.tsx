import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  EXCLUSION_OPTIONS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type ExclusionOptionId,
  type LimitKind,
  type PlayerLimit,
  type PlayerProtection as Protection,
} from '@kometa/contracts';
import { parseSum, type CurrencyCode } from '@kometa/money';
import { ShieldAlert, ShieldMinus } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Badge, errorText, Modal } from '../../ui/feedback.tsx';
import { formText, SelectField, TextAreaField, TextField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';

const P = ru.card.protection;
const fromUnix = (unix: number) => new Date(unix * 1000).toISOString();
const amountOf = (kind: LimitKind, minor: number, currency: string | null) =>
  kind === 'session' ? P.minutes(minor) : money(minor, currency ?? 'RUB');

const COLUMNS: Column<PlayerLimit>[] = [
  {
    id: 'kind',
    header: P.kind,
    cell: (limit) => (
      <>
        <strong>{P.kinds[limit.kind]}</strong>
        <div className="muted small">{P.periods[limit.period]}</div>
      </>
    ),
  },
  {
    id: 'amount',
    header: P.amount,
    cell: (limit) => amountOf(limit.kind, limit.amount, limit.currency),
    align: 'num',
  },
  {
    id: 'used',
    header: P.used,
    cell: (limit) => {
      const share = limit.amount > 0 ? Math.min(1, (limit.used + limit.reserved) / limit.amount) : 1;
      return (
        <div style={{ display: 'grid', gap: 4 }}>
          <span>{amountOf(limit.kind, limit.used, limit.currency)}</span>
          <div className="meter" data-level={share >= 0.8 ? 'high' : 'normal'} aria-hidden>
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </div>
        </div>
      );
    },
  },
  {
    id: 'remaining',
    header: P.remaining,
    cell: (limit) => amountOf(limit.kind, limit.remaining, limit.currency),
    align: 'num',
  },
  { id: 'resets', header: P.resets, cell: (limit) => dateTime(fromUnix(limit.resetsAt)), nowrap: true },
  {
    id: 'pending',
    header: P.pending,
    cell: (limit) =>
      !limit.pending ? (
        '—'
      ) : limit.pending.amount === null ? (
        <Badge tone="warning">{P.pendingRemoval(dateTime(fromUnix(limit.pending.confirmableAt)))}</Badge>
      ) : (
        <Badge tone="warning">
          {P.pendingRaise(
            amountOf(limit.kind, limit.pending.amount, limit.currency),
            dateTime(fromUnix(limit.pending.confirmableAt)),
          )}
        </Badge>
      ),
  },
];

/**
 * The card's «Лимиты»: the player's limits and exclusion; for risk, the changes regulation lets an
 * operator make (a new or lower limit, a time-out or self-exclusion that only lengthens).
 */
export function PlayerProtection({
  playerId,
  currency,
  canApply,
}: {
  playerId: string;
  currency: string;
  canApply: boolean;
}) {
  const protection = useQuery({
    queryKey: ['player-protection', playerId],
    queryFn: () => api<Protection>('GET', `/players/${playerId}/protection`),
  });
  const data = protection.data;
  return (
    <div className="grid" style={{ gap: 'var(--space-4)' }}>
      <section className="card" aria-labelledby="limits-title">
        <div className="card-header">
          <div>
            <h2 id="limits-title">{P.limits}</h2>
            <p className="muted small" style={{ margin: 0 }}>
              {P.lead}
            </p>
          </div>
        </div>
        <DataTable
          caption={P.limits}
          columns={COLUMNS}
          rows={data?.limits}
          rowKey={(limit) => limit.name}
          isLoading={protection.isLoading}
          error={protection.error}
          onRetry={() => void protection.refetch()}
          empty={P.none}
        />
      </section>
      <div className="grid grid-2" style={{ alignItems: 'start' }}>
        <section className="card" aria-labelledby="exclusion-title">
          <div className="card-header">
            <h2 id="exclusion-title">
              <ShieldAlert size={16} aria-hidden /> {P.exclusion}
            </h2>
          </div>
          <div className="card-body grid">
            {protection.error ? (
              <div role="alert">{errorText(protection.error)}</div>
            ) : !data ? (
              <div className="skeleton" />
            ) : !data.exclusion ? (
              <span className="muted">{P.noExclusion}</span>
            ) : (
              <div className="stat" style={{ padding: 0 }}>
                <span className="stat-label">{P.exclusionKinds[data.exclusion.kind]}</span>
                <div className="stat-value" data-testid="exclusion">
                  {data.exclusion.until ? P.until(dateTime(data.exclusion.until)) : P.forever}
                </div>
                <span className="muted small">
                  {P.options[data.exclusion.option as ExclusionOptionId] ?? data.exclusion.option} ·{' '}
                  {P.since(dateTime(data.exclusion.startedAt))}
                </span>
              </div>
            )}
            {canApply ? <ExclusionForm playerId={playerId} /> : null}
          </div>
        </section>
        {canApply ? <TightenForm playerId={playerId} currency={currency} /> : null}
      </div>
    </div>
  );
}

function TightenForm({ playerId, currency }: { playerId: string; currency: string }) {
  const { run, fields, setFields, isBusy } = useAction();
  const [kind, setKind] = useState<LimitKind>('deposit');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = formText(form, 'amount');
    let amount: number;
    try {
      amount = kind === 'session' ? Number.parseInt(text, 10) : parseSum(text, currency as CurrencyCode);
      if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('bad');
    } catch {
      setFields({ amount: 'card.badAmount' });
      return;
    }
    const target = event.currentTarget;
    const isDone = await run(async () => {
      await api('PUT', `/players/${playerId}/protection/limits/${kind}`, {
        body: { period: formText(form, 'period'), amount, reason: formText(form, 'reason') },
      });
      return P.tightened;
    });
    if (isDone) target.reset();
  }
  const message = (key: string | undefined) =>
    !key ? undefined : key === 'card.badAmount' ? P.badAmount : messageOf(key);
  return (
    <section className="card" aria-labelledby="tighten-title">
      <div className="card-header">
        <h2 id="tighten-title">
          <ShieldMinus size={16} aria-hidden /> {P.tightenTitle}
        </h2>
      </div>
      <form className="card-body grid" onSubmit={(event) => void submit(event)}>
        <div className="grid grid-2">
          <SelectField
            id="limit-kind"
            name="kind"
            label={P.kind}
            options={LIMIT_KINDS.map((value) => [value, P.kinds[value]] as const)}
            value={kind}
            onChange={(event) => setKind(event.target.value as LimitKind)}
          />
          <SelectField
            id="limit-period"
            name="period"
            label={P.period}
            options={LIMIT_PERIODS.map((value) => [value, P.periods[value]] as const)}
          />
        </div>
        <TextField
          id="limit-amount"
          name="amount"
          label={kind === 'session' ? P.minutesUnit : `${P.amount}, ${currency}`}
          inputMode={kind === 'session' ? 'numeric' : 'decimal'}
          placeholder={kind === 'session' ? '120' : '5 000,00'}
          required
          error={message(fields.amount)}
        />
        <TextAreaField
          id="limit-reason"
          name="reason"
          label={P.reason}
          placeholder={P.reasonHint}
          required
          minLength={3}
          maxLength={500}
          error={message(fields.reason)}
        />
        <button type="submit" className="button button-primary" disabled={isBusy}>
          {P.tighten}
        </button>
      </form>
    </section>
  );
}

function ExclusionForm({ playerId }: { playerId: string }) {
  const { run, fields, isBusy } = useAction();
  const [asked, setAsked] = useState<{ option: string; reason: string } | null>(null);
  return (
    <>
      <form
        className="grid"
        aria-labelledby="exclude-title"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setAsked({ option: formText(form, 'option'), reason: formText(form, 'reason') });
        }}
      >
        <h3 id="exclude-title" style={{ margin: 0, fontSize: 15 }}>
          {P.excludeTitle}
        </h3>
        <SelectField
          id="exclusion-option"
          name="option"
          label={P.option}
          options={EXCLUSION_OPTIONS.map((option) => [option.id, P.options[option.id]] as const)}
        />
        <TextAreaField
          id="exclusion-reason"
          name="reason"
          label={P.reason}
          placeholder={P.reasonHint}
          required
          minLength={3}
          maxLength={500}
          error={fields.reason ? messageOf(fields.reason) : undefined}
        />
        <button type="submit" className="button button-danger" disabled={isBusy}>
          {P.exclude}
        </button>
      </form>
      <Modal
        title={P.excludeTitle}
        open={asked !== null}
        onClose={() => setAsked(null)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setAsked(null)}>
              {ru.common.cancel}
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={isBusy}
              onClick={() =>
                void run(async () => {
                  await api('POST', `/players/${playerId}/protection/exclusion`, { body: asked });
                  return P.excluded;
                }).then(() => setAsked(null))
              }
            >
              {P.exclude}
            </button>
          </>
        }
      >
        <p style={{ margin: 0 }}>{P.confirmExclude}</p>
      </Modal>
    </>
  );
}
