import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROMOTION_ACTIONS,
  type OfferAdminRow,
  type OperatorProfile,
  type PromotionAction,
  type PromotionAdminRow,
} from '@kometa/contracts';
import { ArrowLeft, ExternalLink, Power, PowerOff, Save } from 'lucide-react';
import { api, ApiError } from '../../lib/api.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText, PageHeader, useToast } from '../../ui/feedback.tsx';
import { formText, SelectField, TextAreaField, TextField } from '../../ui/form.tsx';
import { toIso, toLocal } from './offer-text.tsx';
import { PromotionStateBadge } from './promotion-text.tsx';
import './promotions.css';

const t = ru.promotions;

/** Reads the form into the contract's promotion input (the server names each mistake in Russian). */
function readPromotion(form: FormData, action: PromotionAction) {
  const text = (name: string) => formText(form, name);
  const position = text('position');
  const offer = text('offerId');
  return {
    slug: text('slug'),
    title: text('title'),
    summary: text('summary'),
    body: text('body'),
    terms: text('terms'),
    image: text('image'),
    badge: text('badge') || null,
    startsAt: toIso(text('startsAt')) ?? null,
    endsAt: toIso(text('endsAt')) ?? null,
    action,
    actionLabel: text('actionLabel'),
    actionPath: action === 'gifts' || action === 'game' ? text('actionPath') || null : null,
    offerId: action === 'claim' && /^\d+$/.test(offer) ? Number(offer) : null,
    claimEvery: text('claimEvery') === 'week' ? 'week' : 'once',
    position: /^\d+$/.test(position) ? Number(position) : position === '' ? 0 : position,
    active: form.get('active') === 'on',
  };
}

/** The card as the site shows it, from what is typed (images, texts, button). */
function Preview(props: { image: string; title: string; summary: string; badge: string; label: string }) {
  return (
    <figure className="promotion-preview" aria-label={t.preview}>
      <div className="promotion-preview-art">
        {props.image ? <img src={props.image} alt="" /> : null}
        {props.badge ? <span className="promotion-preview-badge">{props.badge}</span> : null}
      </div>
      <figcaption>
        <strong>{props.title || t.title}</strong>
        <span>{props.summary || t.summary}</span>
        <span className="promotion-preview-button">{props.label || t.actionLabel}</span>
      </figcaption>
    </figure>
  );
}

/** Create (/promotions/new) or change (/promotions/:id) a promotion of the site (ADR 040). */
export function PromotionPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('promotions.manage') ?? false;
  const canSeeOffers = me?.permissions.includes('bonuses.list') ?? false;
  const loaded = useQuery({
    queryKey: ['promotion', id],
    queryFn: () => api<PromotionAdminRow>('GET', `/promotions/${id}`),
    enabled: !isNew,
  });
  const promotion = loaded.data;
  const [chosenAction, setAction] = useState<PromotionAction | null>(null);
  const action: PromotionAction = chosenAction ?? promotion?.action ?? 'gifts';
  const offers = useQuery({
    queryKey: ['offers-for-promotions'],
    queryFn: () =>
      api<{ items: OfferAdminRow[] }>('GET', '/offers', {
        query: { pageSize: 200, sort: 'id', order: 'desc' },
      }),
    enabled: canSeeOffers && action === 'claim',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  const [draft, setDraft] = useState<{
    image: string;
    title: string;
    summary: string;
    badge: string;
    label: string;
  } | null>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [errors]);

  const shown = draft ?? {
    image: promotion?.image ?? '/media/promotions/cashback.svg',
    title: promotion?.title ?? '',
    summary: promotion?.summary ?? '',
    badge: promotion?.badge ?? '',
    label: promotion?.actionLabel ?? '',
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = readPromotion(new FormData(event.currentTarget), action);
    setBusy(true);
    setErrors({});
    try {
      const saved = await api<PromotionAdminRow>(
        isNew ? 'POST' : 'PUT',
        isNew ? '/promotions' : `/promotions/${id}`,
        { body },
      );
      await queryClient.invalidateQueries();
      if (isNew) {
        toast(t.created(saved.id));
        navigate(`/promotions/${saved.id}`, { replace: true });
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
      await api('POST', `/promotions/${id}/${active ? 'activate' : 'deactivate'}`);
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
  if (!isNew && !promotion) return <div className="card state">{ru.common.loading}</div>;

  const field = (name: string, hint?: string) => {
    const error = errors[name];
    return {
      id: `promotion-${name}`,
      name,
      error: error ? messageOf(error) : undefined,
      hint: error ? undefined : hint,
    };
  };
  const title = isNew ? t.createTitle : t.editTitle(promotion!.id);

  return (
    <>
      <PageHeader
        title={title}
        lead={promotion ? promotion.title : undefined}
        actions={
          <div className="toolbar-actions">
            {promotion ? <PromotionStateBadge state={promotion.state} /> : null}
            {promotion && canManage ? (
              promotion.active ? (
                <button type="button" className="button" onClick={() => void toggle(false)}>
                  <PowerOff size={16} aria-hidden /> {t.deactivate}
                </button>
              ) : (
                <button type="button" className="button" onClick={() => void toggle(true)}>
                  <Power size={16} aria-hidden /> {t.activate}
                </button>
              )
            ) : null}
            <Link className="button" to="/promotions">
              <ArrowLeft size={16} aria-hidden /> {t.back}
            </Link>
          </div>
        }
      />
      <div className="promotion-page">
        <form
          className="card"
          onSubmit={(event) => void submit(event)}
          onInput={(event) => {
            const form = new FormData(event.currentTarget);
            setDraft({
              image: formText(form, 'image'),
              title: formText(form, 'title'),
              summary: formText(form, 'summary'),
              badge: formText(form, 'badge'),
              label: formText(form, 'actionLabel'),
            });
          }}
          key={promotion ? `${promotion.id}-${promotion.active}` : 'new'}
          noValidate
          aria-label={title}
        >
          <fieldset className="card-body grid grid-2 offer-section" disabled={!canManage}>
            <legend className="offer-legend">{t.sectionTexts}</legend>
            <TextField
              {...field('title')}
              label={t.title}
              wide
              defaultValue={promotion?.title ?? ''}
              maxLength={120}
            />
            <TextField
              {...field('summary')}
              label={t.summary}
              wide
              defaultValue={promotion?.summary ?? ''}
              maxLength={300}
            />
            <TextAreaField
              {...field('body')}
              label={t.body}
              wide
              rows={4}
              defaultValue={promotion?.body ?? ''}
            />
            <TextAreaField
              {...field('terms')}
              label={t.terms}
              wide
              rows={4}
              defaultValue={promotion?.terms ?? ''}
            />
            <TextField
              {...field('image', t.imageHint)}
              label={t.image}
              defaultValue={promotion?.image ?? '/media/promotions/cashback.svg'}
            />
            <TextField
              {...field('badge', t.badgeHint)}
              label={t.badge}
              defaultValue={promotion?.badge ?? ''}
              maxLength={40}
            />
          </fieldset>

          <fieldset className="card-body grid grid-2 offer-section" disabled={!canManage}>
            <legend className="offer-legend">{t.sectionButton}</legend>
            <SelectField
              {...field('action')}
              label={t.action}
              options={PROMOTION_ACTIONS.map((a) => [a, t.actions[a]] as const)}
              value={action}
              onChange={(event) => setAction(event.target.value as PromotionAction)}
            />
            <TextField
              {...field('actionLabel')}
              label={t.actionLabel}
              defaultValue={promotion?.actionLabel ?? ''}
              maxLength={40}
            />
            {action === 'gifts' || action === 'game' ? (
              <TextField
                {...field('actionPath', t.actionPathHint)}
                label={t.actionPath}
                wide
                defaultValue={promotion?.actionPath ?? (action === 'gifts' ? '/gifts' : '')}
              />
            ) : null}
            {action === 'claim' ? (
              <>
                <SelectField
                  {...field('offerId')}
                  label={t.offer}
                  defaultValue={promotion?.offerId ? String(promotion.offerId) : ''}
                  options={[
                    ['', t.offerNone],
                    ...(offers.data?.items ?? [])
                      .filter((o) => o.kind !== 'composite')
                      .map((o) => [String(o.id), `№${o.id} · ${o.title}`] as const),
                  ]}
                />
                <SelectField
                  {...field('claimEvery')}
                  label={t.claimEvery}
                  defaultValue={promotion?.claimEvery ?? 'once'}
                  options={[
                    ['once', t.claimOnce],
                    ['week', t.claimWeek],
                  ]}
                />
              </>
            ) : null}
          </fieldset>

          <fieldset className="card-body grid grid-3 offer-section" disabled={!canManage}>
            <legend className="offer-legend">{t.sectionSchedule}</legend>
            <TextField
              {...field('slug', t.slugHint)}
              label={t.slug}
              defaultValue={promotion?.slug ?? ''}
              maxLength={64}
            />
            <TextField
              {...field('startsAt')}
              label={t.startsAt}
              type="datetime-local"
              defaultValue={toLocal(promotion?.startsAt)}
            />
            <TextField
              {...field('endsAt')}
              label={t.endsAt}
              type="datetime-local"
              defaultValue={toLocal(promotion?.endsAt)}
            />
            <TextField
              {...field('position', t.orderHint)}
              label={t.position}
              defaultValue={String(promotion?.position ?? 0)}
              inputMode="numeric"
            />
            <div className="field" style={{ alignSelf: 'end' }}>
              <label className="check">
                <input type="checkbox" name="active" defaultChecked={promotion?.active ?? true} /> {t.active}
              </label>
            </div>
          </fieldset>
          {canManage ? (
            <div className="card-body offer-actions">
              <button type="submit" className="button button-primary" disabled={isBusy}>
                <Save size={16} aria-hidden /> {isNew ? t.createSubmit : t.save}
              </button>
            </div>
          ) : null}
        </form>
        <aside className="card promotion-aside">
          <div className="card-header">
            <h2>{t.preview}</h2>
          </div>
          <div className="card-body">
            <Preview {...shown} />
            {promotion && promotion.state !== 'inactive' ? (
              <a className="button" href={`/actions/${promotion.slug}`} target="_blank" rel="noreferrer">
                <ExternalLink size={16} aria-hidden /> {t.previewOpen}
              </a>
            ) : null}
          </div>
        </aside>
      </div>
    </>
  );
}
