import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { CURRENCY_CODES, currencySign, parseSum, type CurrencyCode } from '@kometa/money';
import {
  PLAYER_LABELS,
  type ApprovalRequest,
  type OperatorProfile,
  type Permission,
  type PlayerSummary,
} from '@kometa/contracts';
import { ArrowLeft, Search, Wallet } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { errorText, PageHeader } from '../../ui/feedback.tsx';
import { BARE_FIELDSET, formText, SelectField, TextAreaField, TextField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';
import { LabelBadges, PlayerLabels } from './PlayerLabels.tsx';
import { PlayerNotes } from './PlayerNotes.tsx';
import { PlayerProtection } from './PlayerProtection.tsx';
import { PlayerRounds } from './PlayerRounds.tsx';
import { PlayerSessions } from './PlayerSessions.tsx';

/** The four-eyes threshold of adjustments, as the server has it by default (DEFAULT_ADJUSTMENT_THRESHOLD). */
const THRESHOLD_TEXT = money(100_000, 'RUB');
const CURRENCY_OPTIONS = CURRENCY_CODES.filter((code) => code !== 'POINTS').map(
  (code) => [code, `${code} (${currencySign(code)})`] as const,
);

const COLUMNS: Column<PlayerSummary>[] = [
  { id: 'id', header: ru.players.id, cell: (player) => player.id },
  { id: 'email', header: ru.players.email, cell: (player) => player.email ?? '—' },
  { id: 'phone', header: ru.players.phone, cell: (player) => player.phone ?? '—' },
  { id: 'labels', header: ru.card.labels.column, cell: (player) => <LabelBadges labels={player.labels} /> },
  {
    id: 'registered',
    header: ru.players.registered,
    cell: (player) => dateTime(player.createdAt),
    nowrap: true,
  },
  {
    id: 'real',
    header: ru.players.real,
    cell: (player) => player.wallets.map((w) => money(w.real, w.currency)).join(', '),
    align: 'num',
  },
  {
    id: 'open',
    header: ru.common.actions,
    hiddenHeader: true,
    cell: (player) => (
      <Link className="button button-small" to={`/players/${player.id}`}>
        {ru.players.open}
      </Link>
    ),
  },
];

/** Players: found by id or e-mail, or by label (VIP, tester, fake). */
export function Players() {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const label = params.get('label') ?? '';
  const isAsked = query.length > 0 || label.length > 0;
  const found = useQuery({
    queryKey: ['players', query, label],
    queryFn: () => api<{ items: PlayerSummary[] }>('GET', '/players', { query: { query, label } }),
    enabled: isAsked,
  });
  return (
    <>
      <PageHeader title={ru.players.title} />
      <div className="card">
        <form
          className="toolbar"
          role="search"
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const next: Record<string, string> = {};
            for (const name of ['query', 'label'])
              if (formText(form, name)) next[name] = formText(form, name);
            setParams(next);
          }}
        >
          <TextField
            id="player-query"
            name="query"
            label={ru.players.searchLabel}
            grow
            defaultValue={query}
            placeholder={ru.players.searchHint}
            autoFocus
          />
          <SelectField
            id="player-label"
            name="label"
            label={ru.card.labels.filter}
            options={PLAYER_LABELS.map((value) => [value, ru.card.labels.names[value]] as const)}
            anyOption
            defaultValue={label}
          />
          <div className="toolbar-actions">
            <button type="submit" className="button button-primary">
              <Search size={16} aria-hidden /> {ru.common.search}
            </button>
          </div>
        </form>
        {!isAsked ? (
          <div className="state">{ru.players.prompt}</div>
        ) : found.error ? (
          <div className="state" role="alert">
            {errorText(found.error)}
          </div>
        ) : (
          <DataTable
            caption={ru.players.title}
            columns={COLUMNS}
            rows={found.data?.items}
            rowKey={(player) => player.id}
            isLoading={found.isLoading}
            error={null}
            onRetry={() => void found.refetch()}
            empty={ru.players.notFound}
          />
        )}
      </div>
    </>
  );
}

/**
 * A player's balances and, for those allowed, the manual adjustment (four-eyes above the threshold);
 * the bonuses tab shows what the app composes into it (`bonuses`: the bonuses feature's panel).
 */
export function PlayerCard({
  bonuses,
  payments,
  kyc,
}: {
  bonuses?: (playerId: string) => ReactNode;
  /** The payments feature's panel: the player's deposits and withdrawals. */
  payments?: (playerId: string) => ReactNode;
  /** The KYC feature's panel: the player's documents and verification. */
  kyc?: (playerId: string) => ReactNode;
}) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: me } = useGetIdentity<OperatorProfile>();
  const player = useQuery({
    queryKey: ['player', id],
    queryFn: () => api<PlayerSummary>('GET', `/players/${id}`),
  });
  const { run, fields, setFields, isBusy } = useAction();
  const [result, setResult] = useState<string | null>(null);
  const canAdjust = me?.permissions.includes('balance.adjust') ?? false;
  const holds = (permission: Permission) => me?.permissions.includes(permission) ?? false;
  const panels = {
    bonuses: bonuses && holds('bonuses.player_view') ? bonuses : undefined,
    payments: payments && holds('payments.list') ? payments : undefined,
    kyc: kyc && holds('kyc.list') ? kyc : undefined,
  };
  const own = {
    rounds: holds('players.rounds'),
    sessions: holds('players.sessions'),
    protection: holds('players.protection'),
    notes: holds('players.notes'),
  };
  const tabs = (
    ['balances', 'rounds', 'sessions', 'protection', 'notes', 'bonuses', 'payments', 'kyc'] as const
  ).filter(
    (name) =>
      name === 'balances' ||
      (name in own ? own[name as keyof typeof own] : panels[name as keyof typeof panels]),
  );
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((name) => name === asked) ?? 'balances';
  const TAB_NAMES = {
    balances: ru.bonuses.tabBalances,
    rounds: ru.card.tabs.rounds,
    sessions: ru.card.tabs.sessions,
    protection: ru.card.tabs.protection,
    notes: ru.card.tabs.notes,
    bonuses: ru.bonuses.tabBonuses,
    payments: ru.payments.tabPayments,
    kyc: ru.payments.tabKyc,
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currency = String(form.get('currency')) as CurrencyCode;
    let amount: number;
    try {
      amount = parseSum(String(form.get('amount') ?? ''), currency);
    } catch {
      setFields({ amount: 'players.badAmount' });
      return;
    }
    if (amount <= 0) {
      setFields({ amount: 'players.badAmount' });
      return;
    }
    const signed = form.get('direction') === 'debit' ? -amount : amount;
    setFields({});
    setResult(null);
    await run(async () => {
      const answer = await api<{
        status: 'applied' | 'pending';
        approval: ApprovalRequest | null;
        balanceAfter: number | null;
      }>('POST', `/players/${id}/adjustments`, {
        body: { currency, amount: signed, reason: formText(form, 'reason') },
      });
      const text =
        answer.status === 'applied'
          ? ru.players.applied(money(answer.balanceAfter ?? 0, currency))
          : ru.players.pending(answer.approval!.id);
      setResult(text);
      event.currentTarget?.reset();
      return text;
    });
  }

  const message = (key: string | undefined) =>
    !key ? undefined : key === 'players.badAmount' ? ru.players.badAmount : messageOf(key);
  const data = player.data;
  return (
    <>
      <PageHeader
        title={
          data
            ? `${ru.approvals.player(String(data.id))}${data.email ? ` · ${data.email}` : ''}`
            : ru.players.title
        }
        actions={
          <div className="toolbar-actions" style={{ alignItems: 'center' }}>
            {data && data.labels.length > 0 ? <LabelBadges labels={data.labels} /> : null}
            <button type="button" className="button" onClick={() => navigate(-1)}>
              <ArrowLeft size={16} aria-hidden /> {ru.common.previous}
            </button>
          </div>
        }
      />
      {tabs.length > 1 ? (
        <div className="tabs" role="tablist" aria-label={ru.players.title}>
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className="tab"
              onClick={() => setParams(name === 'balances' ? {} : { tab: name }, { replace: true })}
            >
              {TAB_NAMES[name]}
            </button>
          ))}
        </div>
      ) : null}
      {player.error ? (
        <div className="card state" role="alert">
          {errorText(player.error)}
        </div>
      ) : tab === 'rounds' ? (
        <PlayerRounds playerId={id!} />
      ) : tab === 'sessions' ? (
        <PlayerSessions playerId={id!} canEnd={holds('players.sessions_end')} />
      ) : tab === 'protection' ? (
        <PlayerProtection
          playerId={id!}
          currency={data?.currency ?? 'RUB'}
          canApply={holds('players.protection_apply')}
        />
      ) : tab === 'notes' ? (
        <PlayerNotes playerId={id!} canAdd={holds('players.notes_add')} />
      ) : tab !== 'balances' ? (
        panels[tab]?.(id!)
      ) : (
        <div className="grid grid-2" style={{ alignItems: 'start' }}>
          <section className="card" aria-labelledby="balances">
            <div className="card-header">
              <h2 id="balances">{ru.players.balances}</h2>
            </div>
            <div className="card-body grid">
              {!data ? (
                <div className="skeleton" />
              ) : (
                <>
                  {data.wallets.map((wallet) => (
                    <div key={wallet.currency} className="grid grid-2">
                      <div className="stat" style={{ padding: 0 }}>
                        <span className="stat-label">
                          <Wallet size={16} aria-hidden /> {ru.players.real}
                        </span>
                        <div className="stat-value" data-testid={`real-${wallet.currency}`}>
                          {money(wallet.real, wallet.currency)}
                        </div>
                      </div>
                      <div className="stat" style={{ padding: 0 }}>
                        <span className="stat-label">{ru.players.bonus}</span>
                        <div className="stat-value">{money(wallet.bonus, wallet.currency)}</div>
                      </div>
                    </div>
                  ))}
                  <dl className="grid grid-2" style={{ margin: 0 }}>
                    <div>
                      <dt className="muted">{ru.players.email}</dt>
                      <dd style={{ margin: 0 }}>{data.email ?? '—'}</dd>
                    </div>
                    <div>
                      <dt className="muted">{ru.players.phone}</dt>
                      <dd style={{ margin: 0 }}>{data.phone ?? '—'}</dd>
                    </div>
                    <div>
                      <dt className="muted">{ru.players.currency}</dt>
                      <dd style={{ margin: 0 }}>{data.currency}</dd>
                    </div>
                    <div>
                      <dt className="muted">{ru.players.registered}</dt>
                      <dd style={{ margin: 0 }}>{dateTime(data.createdAt)}</dd>
                    </div>
                  </dl>
                </>
              )}
            </div>
          </section>
          {data ? (
            <PlayerLabels playerId={id!} labels={data.labels} canEdit={holds('players.labels')} />
          ) : null}
          {canAdjust ? (
            <section className="card" aria-labelledby="adjust">
              <div className="card-header">
                <h2 id="adjust">{ru.players.adjustTitle}</h2>
              </div>
              <form className="card-body grid" onSubmit={(event) => void submit(event)}>
                <p className="muted" style={{ margin: 0 }}>
                  {ru.players.adjustLead(THRESHOLD_TEXT)}
                </p>
                <fieldset className="field" style={BARE_FIELDSET}>
                  <legend className="label">{ru.players.direction}</legend>
                  <div className="segmented">
                    <label>
                      <input type="radio" name="direction" value="credit" defaultChecked />{' '}
                      {ru.players.credit}
                    </label>
                    <label>
                      <input type="radio" name="direction" value="debit" /> {ru.players.debit}
                    </label>
                  </div>
                </fieldset>
                <div className="grid grid-2">
                  <TextField
                    id="adjust-amount"
                    name="amount"
                    label={ru.players.amount}
                    inputMode="decimal"
                    required
                    placeholder="1 000,00"
                    error={message(fields.amount)}
                  />
                  <SelectField
                    id="adjust-currency"
                    name="currency"
                    label={ru.players.currency}
                    options={CURRENCY_OPTIONS}
                    defaultValue={data?.currency ?? 'RUB'}
                    key={data?.currency}
                  />
                </div>
                <TextAreaField
                  id="adjust-reason"
                  name="reason"
                  label={ru.players.reason}
                  required
                  minLength={3}
                  maxLength={500}
                  placeholder={ru.players.reasonHint}
                  error={message(fields.reason)}
                />
                {result ? (
                  <div className="alert alert-info" role="status">
                    {result}
                  </div>
                ) : null}
                <button type="submit" className="button button-primary" disabled={isBusy || !data}>
                  {ru.players.submit}
                </button>
              </form>
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}
