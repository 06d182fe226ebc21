import { useState, type FormEvent } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import {
  ROTATOR_SLOTS,
  type OperatorProfile,
  type RotatorSlot,
  type SlideAdminRow,
  type SlideState,
} from '@kometa/contracts';
import { ImageIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime, toIso, toLocal } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Badge, IconButton, PageHeader } from '../../ui/feedback.tsx';
import { FormDialog, formText, SelectField, TextField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';
import { ImageUpload } from './ImageUpload.tsx';

const t = ru.content;
const STATE_TONES: Record<SlideState, 'success' | 'primary' | 'plain' | 'warning'> = {
  live: 'success',
  scheduled: 'primary',
  ended: 'plain',
  inactive: 'warning',
};
const SLOT_OPTIONS = ROTATOR_SLOTS.map((slot) => [slot, t.slots[slot]] as const);

const scheduleText = (slide: SlideAdminRow) =>
  !slide.startsAt && !slide.endsAt
    ? t.always
    : `${slide.startsAt ? dateTime(slide.startsAt) : '…'} — ${slide.endsAt ? dateTime(slide.endsAt) : '…'}`;

/** Rotators and their banners: a slot's banners in order, each with its image, link, schedule and audience. */
export function Banners() {
  const [slot, setSlot] = useState<RotatorSlot | ''>('');
  const slides = useQuery({
    queryKey: ['content-slides', slot],
    queryFn: () => api<SlideAdminRow[]>('GET', '/content/slides', { query: { slot } }),
  });
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('content.manage') ?? false;
  const [editing, setEditing] = useState<SlideAdminRow | 'new' | null>(null);
  const { run, fields, setFields, isBusy } = useAction();
  const removeAction = useAction({ fieldErrors: false });
  const error = (name: string) => (fields[name] ? messageOf(fields[name]) : undefined);
  const current = editing === 'new' ? null : editing;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name);
    const position = text('position');
    const body = {
      slot: text('slot'),
      title: text('title'),
      text: text('text') || null,
      imageDesktop: text('imageDesktop') || null,
      imageMobile: text('imageMobile') || null,
      linkUrl: text('linkUrl') || null,
      linkText: text('linkText') || null,
      position: /^\d+$/.test(position) ? Number(position) : 0,
      audience: text('audience'),
      device: text('device'),
      startsAt: toIso(text('startsAt')) ?? null,
      endsAt: toIso(text('endsAt')) ?? null,
      isActive: form.get('isActive') === 'on',
    };
    const isDone = await run(async () => {
      if (current) {
        await api('PUT', `/content/slides/${current.id}`, { body });
        return t.bannerSaved;
      }
      await api('POST', '/content/slides', { body });
      return t.bannerCreated;
    });
    if (isDone) setEditing(null);
  }

  const columns: Column<SlideAdminRow>[] = [
    {
      id: 'image',
      header: t.preview,
      cell: (s) =>
        s.imageDesktop ? (
          <img className="banner-thumb" src={s.imageDesktop} alt="" />
        ) : (
          <span className="banner-thumb banner-thumb-empty" title={t.noImage}>
            <ImageIcon size={16} aria-hidden />
          </span>
        ),
    },
    {
      id: 'title',
      header: t.bannerTitle,
      cell: (s) => (
        <span>
          <strong>{s.title}</strong>
          {s.text ? <span className="muted banner-text">{s.text}</span> : null}
        </span>
      ),
    },
    { id: 'slot', header: t.slot, cell: (s) => t.slots[s.slot as RotatorSlot] ?? s.slot, nowrap: true },
    { id: 'position', header: t.position, cell: (s) => s.position, align: 'num' },
    {
      id: 'audience',
      header: t.audience,
      cell: (s) => `${t.audiences[s.audience]} · ${t.devices[s.device].toLowerCase()}`,
      nowrap: true,
    },
    { id: 'schedule', header: t.schedule, cell: scheduleText, nowrap: true },
    {
      id: 'state',
      header: t.state,
      cell: (s) => <Badge tone={STATE_TONES[s.state]}>{t.states[s.state]}</Badge>,
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: ru.common.actions,
            hiddenHeader: true,
            cell: (s: SlideAdminRow) => (
              <span className="row-actions">
                <IconButton
                  icon={Pencil}
                  title={t.edit}
                  label={`${t.edit}: ${s.title}`}
                  onClick={() => setEditing(s)}
                />
                <IconButton
                  icon={Trash2}
                  title={t.delete}
                  label={`${t.delete}: ${s.title}`}
                  isDanger
                  onClick={() => {
                    if (window.confirm(t.confirmDeleteBanner(s.title)))
                      void removeAction.run(async () => {
                        await api('DELETE', `/content/slides/${s.id}`);
                        return t.bannerDeleted;
                      });
                  }}
                />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t.bannersTitle}
        lead={t.bannersLead}
        actions={
          canManage ? (
            <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
              <Plus size={16} aria-hidden /> {t.bannerCreate}
            </button>
          ) : null
        }
      />
      <div className="card">
        <div className="toolbar">
          <SelectField
            id="banners-slot"
            label={t.slot}
            value={slot}
            options={[['', t.allSlots] as const, ...SLOT_OPTIONS]}
            onChange={(event) => setSlot(event.target.value as RotatorSlot | '')}
          />
        </div>
        <DataTable
          caption={t.bannersTitle}
          columns={columns}
          rows={slides.data}
          rowKey={(s) => s.id}
          isLoading={slides.isLoading}
          error={slides.error}
          onRetry={() => void slides.refetch()}
        />
      </div>
      <FormDialog
        title={current ? t.bannerEdit(current.title) : t.bannerCreate}
        open={editing !== null}
        onClose={() => {
          setEditing(null);
          setFields({});
        }}
        formId="banner-form"
        submitLabel={ru.common.save}
        isBusy={isBusy}
      >
        {editing !== null ? (
          <form
            id="banner-form"
            key={current?.id ?? 'new'}
            className="grid banner-form"
            onSubmit={(event) => void save(event)}
            noValidate
          >
            <div className="grid grid-2">
              <SelectField
                id="banner-slot"
                name="slot"
                label={t.slot}
                options={SLOT_OPTIONS}
                defaultValue={current?.slot ?? (slot || 'header_main_slider')}
                error={error('slot')}
              />
              <TextField
                id="banner-position"
                name="position"
                label={t.position}
                inputMode="numeric"
                defaultValue={String(current?.position ?? 0)}
                hint={t.positionHint}
                error={error('position')}
              />
            </div>
            <TextField
              id="banner-title"
              name="title"
              label={t.bannerTitle}
              required
              defaultValue={current?.title ?? ''}
              error={error('title')}
            />
            <TextField
              id="banner-text"
              name="text"
              label={t.bannerText}
              defaultValue={current?.text ?? ''}
              error={error('text')}
            />
            <div className="grid grid-2">
              <ImageUpload
                id="banner-imageDesktop"
                name="imageDesktop"
                label={t.imageDesktop}
                initial={current?.imageDesktop ?? null}
                error={error('imageDesktop')}
              />
              <ImageUpload
                id="banner-imageMobile"
                name="imageMobile"
                label={t.imageMobile}
                initial={current?.imageMobile ?? null}
                error={error('imageMobile')}
              />
            </div>
            <div className="grid grid-2">
              <TextField
                id="banner-linkUrl"
                name="linkUrl"
                label={t.linkUrl}
                defaultValue={current?.linkUrl ?? ''}
                error={error('linkUrl')}
              />
              <TextField
                id="banner-linkText"
                name="linkText"
                label={t.linkText}
                defaultValue={current?.linkText ?? ''}
                error={error('linkText')}
              />
            </div>
            <div className="grid grid-2">
              <SelectField
                id="banner-audience"
                name="audience"
                label={t.audience}
                options={Object.entries(t.audiences)}
                defaultValue={current?.audience ?? 'all'}
              />
              <SelectField
                id="banner-device"
                name="device"
                label={t.device}
                options={Object.entries(t.devices)}
                defaultValue={current?.device ?? 'all'}
              />
            </div>
            <div className="grid grid-2">
              <TextField
                id="banner-startsAt"
                name="startsAt"
                type="datetime-local"
                label={t.startsAt}
                defaultValue={toLocal(current?.startsAt)}
                error={error('startsAt')}
              />
              <TextField
                id="banner-endsAt"
                name="endsAt"
                type="datetime-local"
                label={t.endsAt}
                defaultValue={toLocal(current?.endsAt)}
                error={error('endsAt')}
              />
            </div>
            <label className="check" style={{ justifySelf: 'start' }}>
              <input type="checkbox" name="isActive" defaultChecked={current?.isActive ?? true} />{' '}
              {t.isActive}
            </label>
          </form>
        ) : null}
      </FormDialog>
    </>
  );
}
