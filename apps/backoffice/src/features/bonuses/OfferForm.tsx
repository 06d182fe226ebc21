import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENCY_CODES, currencySign, parseSum, type CurrencyCode } from '@kometa/money';
import {
  OFFER_ADMIN_KINDS,
  OFFER_TARGET_LABELS,
  WAGER_GAME_TYPES,
  type GiftKind,
  type OfferAdminRow,
  type OperatorProfile,
} from '@kometa/contracts';
import { ArrowLeft, Power, PowerOff, Save } from 'lucide-react';
import { api, ApiError } from '../../lib/api.ts';
import { money, moneyNumber } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText, PageHeader, useToast } from '../../ui/feedback.tsx';
import { formText, SelectField, TextAreaField, TextField } from '../../ui/form.tsx';
import { OfferStateBadge, toIso, toLocal } from './offer-text.tsx';

const t = ru.bonuses;
type Kind = (typeof OFFER_ADMIN_KINDS)[number];
const CURRENCIES = CURRENCY_CODES.filter((code) => code !== 'POINTS');
const WAGERED: readonly GiftKind[] = ['bonus_money', 'deposit_bonus', 'free_spins', 'free_bet', 'cashback'];
const BAD_AMOUNT = 'errors.offer.bad_amount';

const list = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Reads the form into the contract's offer input; money typed as "1 000,00" becomes minor units. */
function readOffer(form: FormData, kind: Kind) {
  const errors: Record<string, string> = {};
  const currency = String(form.get('currency') ?? 'RUB') as CurrencyCode;
  const text = (name: string) => formText(form, name);
  const minor = (name: string): number | null => {
    const value = text(name);
    if (!value) return null;
    try {
      return parseSum(value, currency);
    } catch {
      errors[name] = BAD_AMOUNT;
      return null;
    }
  };
  /** A whole number, or what was typed (the server names the mistake in Russian). */
  const whole = (name: string): number | string | null => {
    const value = text(name);
    if (!value) return null;
    return /^\d+$/.test(value) ? Number(value) : value;
  };
  const wagered = WAGERED.includes(kind);
  const contributions = Object.fromEntries(
    WAGER_GAME_TYPES.flatMap((type) => {
      const value = whole(`rules.contributions.${type}`);
      return value === null ? [] : [[type, value]];
    }),
  );
  const spinGames = list(text('rules.freeSpins.games'));
  const body = {
    kind,
    title: text('title'),
    description: text('description'),
    terms: text('terms'),
    image: text('image') || null,
    currency,
    takeDays: whole('takeDays'),
    startsAt: toIso(text('startsAt')) ?? null,
    endsAt: toIso(text('endsAt')) ?? null,
    active: form.get('active') === 'on',
    targeting: {
      labels: form.getAll('targeting.labels').map(String),
      levels: list(text('targeting.levels')),
      currencies: form.getAll('targeting.currencies').map(String),
      countries: list(text('targeting.countries')),
    },
    rules: {
      amount: ['bonus_money', 'free_bet', 'deposit_bonus'].includes(kind) ? minor('rules.amount') : null,
      percent: kind === 'deposit_bonus' ? whole('rules.percent') : null,
      minDeposit: kind === 'deposit_bonus' ? minor('rules.minDeposit') : null,
      wagerMultiplier: wagered ? (whole('rules.wagerMultiplier') ?? 0) : 0,
      maxBet: wagered ? minor('rules.maxBet') : null,
      conversionCap: wagered ? minor('rules.conversionCap') : null,
      wagerDays: wagered ? (whole('rules.wagerDays') ?? 7) : 7,
      contributions: wagered ? contributions : {},
      excludedGames: wagered ? list(text('rules.excludedGames')) : [],
      freeSpins:
        kind === 'free_spins' && (spinGames.length > 0 || text('rules.freeSpins.count'))
          ? {
              count: whole('rules.freeSpins.count'),
              spinValue: minor('rules.freeSpins.spinValue') ?? 0,
              games: spinGames,
            }
          : null,
      cashbackPercent: kind === 'cashback' ? whole('rules.cashbackPercent') : null,
      ...(kind === 'cashback'
        ? {
            cashbackPeriod:
              text('rules.cashbackPeriod') === 'daily' ? ('daily' as const) : ('weekly' as const),
            cashbackCap: minor('rules.cashbackCap'),
            cashbackGameTypes: form
              .getAll('rules.cashbackGameTypes')
              .map(String)
              .filter((type): type is (typeof WAGER_GAME_TYPES)[number] =>
                (WAGER_GAME_TYPES as readonly string[]).includes(type),
              ),
          }
        : {}),
      points: kind === 'points' ? whole('rules.points') : null,
    },
  };
  return { body, errors };
}

/** What the offer cost over the chosen period (ADR 033). */
function CostPanel({ offer }: { offer: OfferAdminRow }) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const c = offer.cost;
  const period =
    from || to
      ? `${from ? toLocal(from).replace('T', ' ') : '…'} — ${to ? toLocal(to).replace('T', ' ') : '…'}`
      : t.allTime;
  return (
    <section className="card" aria-labelledby="cost">
      <div className="card-header">
        <h2 id="cost">{t.costTitle}</h2>
      </div>
      <div className="card-body grid">
        <form
          className="toolbar"
          style={{ padding: 0, border: 0 }}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const next: Record<string, string> = {};
            const f = toIso(formText(form, 'from'));
            const u = toIso(formText(form, 'to'));
            if (f) next.from = f;
            if (u) next.to = u;
            setParams(next);
          }}
        >
          <TextField
            id="cost-from"
            name="from"
            type="datetime-local"
            label={t.periodFrom}
            defaultValue={toLocal(from)}
          />
          <TextField
            id="cost-to"
            name="to"
            type="datetime-local"
            label={t.periodTo}
            defaultValue={toLocal(to)}
          />
          <div className="toolbar-actions">
            <button type="submit" className="button">
              {ru.common.search}
            </button>
          </div>
        </form>
        <p className="muted" style={{ margin: 0 }}>
          {t.costLead(period)}
        </p>
        <dl className="cost-list">
          <dt>{t.given}</dt>
          <dd>{c.given.toLocaleString('ru-RU')}</dd>
          <dt>{t.taken}</dt>
          <dd>{c.taken.toLocaleString('ru-RU')}</dd>
          <dt>{t.completed}</dt>
          <dd>{c.completed.toLocaleString('ru-RU')}</dd>
          <dt>{t.credited}</dt>
          <dd>{money(c.credited, offer.currency)}</dd>
          <dt>{t.converted}</dt>
          <dd>{money(c.converted, offer.currency)}</dd>
          <dt>{t.forfeited}</dt>
          <dd>{money(c.forfeited, offer.currency)}</dd>
          <dt className="cost-total">{t.netCost}</dt>
          <dd className="cost-total" data-testid="net-cost">
            {money(c.netCost, offer.currency)}
          </dd>
        </dl>
      </div>
    </section>
  );
}

/** Create (/offers/new) or edit (/offers/:id) an offer: every rule of its kind, schedule, audience; its cost. */
export function OfferPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('bonuses.manage') ?? false;
  const period = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const loaded = useQuery({
    queryKey: ['offer', id, period.from, period.to],
    queryFn: () => api<OfferAdminRow>('GET', `/offers/${id}`, { query: period }),
    enabled: !isNew,
  });
  const offer = loaded.data;
  const [chosenKind, setKind] = useState<Kind | null>(null);
  const kind: Kind = chosenKind ?? (offer && offer.kind !== 'composite' ? offer.kind : 'bonus_money');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  // The first field the server (or the amount parser) refused takes the focus, scrolled into view.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [errors]);
  const [currency, setCurrency] = useState<CurrencyCode | null>(null);
  const cur = currency ?? (offer?.currency as CurrencyCode | undefined) ?? 'RUB';
  const sign = currencySign(cur);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, errors: local } = readOffer(new FormData(event.currentTarget), kind);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      toast(t.invalid, true);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = await api<OfferAdminRow>(isNew ? 'POST' : 'PUT', isNew ? '/offers' : `/offers/${id}`, {
        body,
      });
      await queryClient.invalidateQueries();
      if (isNew) {
        toast(t.createdToast(saved.id));
        navigate(`/offers/${saved.id}`, { replace: true });
      } else toast(t.saved);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        toast(t.invalid, true);
      } else toast(errorText(error), true);
    } finally {
      setBusy(false);
    }
  }

  async function toggle(active: boolean) {
    try {
      await api('POST', `/offers/${id}/${active ? 'activate' : 'deactivate'}`);
      toast(active ? t.activated : t.deactivated);
      await queryClient.invalidateQueries();
    } catch (error) {
      toast(errorText(error), true);
    }
  }

  if (!isNew && loaded.error)
    return (
      <div className="card state" role="alert">
        {errorText(loaded.error)}
      </div>
    );
  if (!isNew && !offer) return <div className="card state">{ru.common.loading}</div>;

  const r = offer?.rules;
  const m = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : moneyNumber(value, cur);
  const n = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const wagered = WAGERED.includes(kind);
  /** A field's id, name and message (server or local); its hint stays only while it has none. */
  const field = (name: string, hint?: string) => {
    const error = errors[name];
    return {
      id: `offer-${name.replace(/\./g, '-')}`,
      name,
      error: error ? messageOf(error) : undefined,
      hint: error ? undefined : hint,
    };
  };

  return (
    <>
      <PageHeader
        title={isNew ? t.createTitle : t.editTitle(offer!.id)}
        lead={offer ? offer.title : undefined}
        actions={
          <div className="toolbar-actions">
            {offer ? <OfferStateBadge state={offer.state} /> : null}
            {offer && canManage ? (
              offer.active ? (
                <button type="button" className="button" onClick={() => void toggle(false)}>
                  <PowerOff size={16} aria-hidden /> {t.deactivate}
                </button>
              ) : (
                <button type="button" className="button" onClick={() => void toggle(true)}>
                  <Power size={16} aria-hidden /> {t.activate}
                </button>
              )
            ) : null}
            <Link className="button" to="/offers">
              <ArrowLeft size={16} aria-hidden /> {t.back}
            </Link>
          </div>
        }
      />
      <div
        className="grid offer-page"
        style={{
          gridTemplateColumns: offer ? 'minmax(0, 2fr) minmax(280px, 1fr)' : '1fr',
          alignItems: 'start',
        }}
      >
        <form
          className="card"
          onSubmit={(event) => void submit(event)}
          key={offer?.updatedAt ?? 'new'}
          noValidate
          aria-label={isNew ? t.createTitle : t.editTitle(offer!.id)}
        >
          <fieldset className="card-body grid grid-2 offer-section" disabled={!canManage}>
            <legend className="offer-legend">{t.sectionMain}</legend>
            <SelectField
              {...field('kind')}
              label={t.kind}
              options={OFFER_ADMIN_KINDS.map((k) => [k, t.kinds[k]] as const)}
              value={kind}
              onChange={(event) => setKind(event.target.value as Kind)}
              disabled={!isNew}
            />
            <SelectField
              {...field('currency')}
              label={t.currency}
              options={CURRENCIES.map((code) => [code, `${code} (${currencySign(code)})`] as const)}
              value={cur}
              onChange={(event) => setCurrency(event.target.value as CurrencyCode)}
            />
            <TextField
              {...field('title')}
              label={t.title}
              wide
              defaultValue={offer?.title ?? ''}
              maxLength={120}
              required
            />
            <TextField
              {...field('description')}
              label={t.description}
              wide
              defaultValue={offer?.description ?? ''}
              maxLength={500}
            />
            <TextAreaField
              {...field('terms')}
              label={t.terms}
              wide
              rows={4}
              defaultValue={offer?.terms ?? ''}
              required
            />
            <TextField
              {...field('image')}
              label={t.image}
              wide
              defaultValue={offer?.image ?? ''}
              placeholder="/images/gifts/welcome.svg"
            />
          </fieldset>

          <fieldset className="card-body grid grid-3 offer-section" disabled={!canManage}>
            <legend className="offer-legend">{t.sectionRules}</legend>
            {kind === 'bonus_money' || kind === 'free_bet' || kind === 'deposit_bonus' ? (
              <TextField
                {...field('rules.amount')}
                label={`${kind === 'deposit_bonus' ? t.amountCap : t.amount}, ${sign}`}
                defaultValue={m(r?.amount)}
                inputMode="decimal"
                placeholder="1 000,00"
              />
            ) : null}
            {kind === 'deposit_bonus' ? (
              <>
                <TextField
                  {...field('rules.percent')}
                  label={t.percent}
                  defaultValue={n(r?.percent)}
                  inputMode="numeric"
                  placeholder="100"
                />
                <TextField
                  {...field('rules.minDeposit')}
                  label={`${t.minDeposit}, ${sign}`}
                  defaultValue={m(r?.minDeposit)}
                  inputMode="decimal"
                />
              </>
            ) : null}
            {kind === 'free_spins' ? (
              <>
                <TextField
                  {...field('rules.freeSpins.count')}
                  label={t.spinsCount}
                  defaultValue={n(r?.freeSpins?.count)}
                  inputMode="numeric"
                  placeholder="50"
                />
                <TextField
                  {...field('rules.freeSpins.spinValue')}
                  label={`${t.spinValue}, ${sign}`}
                  defaultValue={m(r?.freeSpins?.spinValue)}
                  inputMode="decimal"
                  placeholder="10,00"
                />
                <TextField
                  {...field('rules.freeSpins.games', t.gamesHint)}
                  label={t.spinsGames}
                  defaultValue={r?.freeSpins?.games.join(', ') ?? ''}
                />
              </>
            ) : null}
            {kind === 'cashback' ? (
              <>
                <TextField
                  {...field('rules.cashbackPercent')}
                  label={t.cashbackPercent}
                  defaultValue={n(r?.cashbackPercent)}
                  inputMode="numeric"
                  placeholder="10"
                />
                <SelectField
                  {...field('rules.cashbackPeriod')}
                  label={t.cashbackPeriod}
                  defaultValue={r?.cashbackPeriod ?? 'weekly'}
                  options={[
                    ['weekly', t.cashbackWeekly],
                    ['daily', t.cashbackDaily],
                  ]}
                />
                <TextField
                  {...field('rules.cashbackCap', t.noLimit)}
                  label={`${t.cashbackCap}, ${sign}`}
                  defaultValue={m(r?.cashbackCap ?? null)}
                  inputMode="decimal"
                />
                <div className="field wide">
                  <span className="label">
                    {t.cashbackGames} <span className="muted">· {t.cashbackAllGames}</span>
                  </span>
                  <div className="checks">
                    {WAGER_GAME_TYPES.map((type) => (
                      <label key={type} className="check">
                        <input
                          type="checkbox"
                          name="rules.cashbackGameTypes"
                          value={type}
                          defaultChecked={r?.cashbackGameTypes?.includes(type)}
                        />{' '}
                        {t.gameTypes[type]}
                      </label>
                    ))}
                  </div>
                </div>
              </>
            ) : null}
            {kind === 'points' ? (
              <TextField
                {...field('rules.points')}
                label={t.points}
                defaultValue={n(r?.points)}
                inputMode="numeric"
                placeholder="500"
              />
            ) : null}
            <TextField
              {...field('takeDays', t.noLimit)}
              label={t.takeDays}
              defaultValue={n(offer?.takeDays)}
              inputMode="numeric"
            />
          </fieldset>

          {wagered ? (
            <fieldset className="card-body grid grid-3 offer-section" disabled={!canManage}>
              <legend className="offer-legend">{t.sectionWager}</legend>
              <TextField
                {...field('rules.wagerMultiplier')}
                label={t.wagerMultiplier}
                defaultValue={n(r?.wagerMultiplier ?? 35)}
                inputMode="numeric"
              />
              <TextField
                {...field('rules.wagerDays')}
                label={t.wagerDays}
                defaultValue={n(r?.wagerDays ?? 7)}
                inputMode="numeric"
              />
              <TextField
                {...field('rules.maxBet', t.noLimit)}
                label={`${t.maxBet}, ${sign}`}
                defaultValue={m(r?.maxBet)}
                inputMode="decimal"
              />
              <TextField
                {...field('rules.conversionCap', t.noLimit)}
                label={`${t.conversionCap}, ${sign}`}
                defaultValue={m(r?.conversionCap)}
                inputMode="decimal"
              />
              <div className="field wide">
                <span className="label">{t.contributions}</span>
                <div className="offer-contributions">
                  {WAGER_GAME_TYPES.map((type) => (
                    <TextField
                      key={type}
                      {...field(`rules.contributions.${type}`)}
                      label={t.gameTypes[type]}
                      defaultValue={n(r?.contributions[type])}
                      inputMode="numeric"
                      placeholder="—"
                      style={{ width: 90 }}
                    />
                  ))}
                </div>
              </div>
              <TextField
                {...field('rules.excludedGames', t.gamesHint)}
                label={t.excludedGames}
                wide
                defaultValue={r?.excludedGames.join(', ') ?? ''}
              />
            </fieldset>
          ) : null}

          <fieldset className="card-body grid grid-3 offer-section" disabled={!canManage}>
            <legend className="offer-legend">{t.sectionSchedule}</legend>
            <TextField
              {...field('startsAt')}
              label={t.startsAt}
              type="datetime-local"
              defaultValue={toLocal(offer?.startsAt)}
            />
            <TextField
              {...field('endsAt')}
              label={t.endsAt}
              type="datetime-local"
              defaultValue={toLocal(offer?.endsAt)}
            />
            <div className="field" style={{ alignSelf: 'end' }}>
              <label className="check">
                <input type="checkbox" name="active" defaultChecked={offer?.active ?? true} /> {t.active}
              </label>
            </div>
          </fieldset>

          <fieldset className="card-body grid grid-2 offer-section" disabled={!canManage}>
            <legend className="offer-legend">{t.sectionTargeting}</legend>
            <div className="field wide">
              <span className="label">
                {t.labels} <span className="muted">· {t.everyone}</span>
              </span>
              <div className="checks">
                {OFFER_TARGET_LABELS.map((label) => (
                  <label key={label} className="check">
                    <input
                      type="checkbox"
                      name="targeting.labels"
                      value={label}
                      defaultChecked={offer?.targeting.labels.includes(label)}
                    />{' '}
                    {t.labelNames[label] ?? label}
                  </label>
                ))}
              </div>
            </div>
            <div className="field wide">
              <span className="label">
                {t.currencies} <span className="muted">· {t.everyone}</span>
              </span>
              <div className="checks">
                {CURRENCIES.map((code) => (
                  <label key={code} className="check">
                    <input
                      type="checkbox"
                      name="targeting.currencies"
                      value={code}
                      defaultChecked={offer?.targeting.currencies.includes(code)}
                    />{' '}
                    {code}
                  </label>
                ))}
              </div>
            </div>
            <TextField
              {...field('targeting.levels', t.levelsHint)}
              label={t.levels}
              defaultValue={offer?.targeting.levels.join(', ') ?? ''}
            />
            <TextField
              {...field('targeting.countries', t.countriesHint)}
              label={t.countries}
              defaultValue={offer?.targeting.countries.join(', ') ?? ''}
            />
          </fieldset>
          {canManage ? (
            <div className="card-body offer-actions">
              <button type="submit" className="button button-primary" disabled={isBusy}>
                <Save size={16} aria-hidden /> {isNew ? t.createSubmit : t.save}
              </button>
            </div>
          ) : null}
        </form>
        {offer ? <CostPanel offer={offer} /> : null}
      </div>
    </>
  );
}
