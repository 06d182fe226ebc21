import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorProfile, PageAdminRow } from '@kometa/contracts';
import { ArrowLeft, Save, Trash2 } from 'lucide-react';
import { api, ApiError } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText, PageHeader, useToast } from '../../ui/feedback.tsx';
import { formText, TextAreaField, TextField } from '../../ui/form.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

const t = ru.content;

/** Create (/content/pages/new) or edit (/content/pages/:id) a page: its SEO data, heading and text. */
export function PageForm() {
  const { id } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('content.manage') ?? false;
  const loaded = useQuery({
    queryKey: ['content-page', id],
    queryFn: () => api<PageAdminRow>('GET', `/content/pages/${id}`),
    enabled: !isNew,
  });
  const page = loaded.data;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  const error = (name: string) => (errors[name] ? messageOf(errors[name]) : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name);
    setBusy(true);
    setErrors({});
    try {
      const saved = await api<PageAdminRow>(
        isNew ? 'POST' : 'PUT',
        isNew ? '/content/pages' : `/content/pages/${id}`,
        {
          body: {
            identifier: text('identifier'),
            title: text('title'),
            description: text('description'),
            h1: text('h1'),
            body: String(form.get('body') ?? ''),
            ogImage: text('ogImage') || null,
          },
        },
      );
      await queryClient.invalidateQueries();
      if (isNew) {
        toast(t.pageCreated(saved.identifier));
        navigate(`/content/pages/${saved.id}`, { replace: true });
      } else toast(t.pageSaved);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
        setErrors(failure.fields);
        toast(messageOf('errors.validation'), true);
      } else toast(errorText(failure), true);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!page || !window.confirm(t.confirmDeletePage(page.identifier))) return;
    try {
      await api('DELETE', `/content/pages/${page.id}`);
      await queryClient.invalidateQueries();
      toast(t.pageDeleted);
      navigate('/content/pages', { replace: true });
    } catch (failure) {
      toast(errorText(failure), true);
    }
  }

  if (!isNew && loaded.error)
    return (
      <div className="card state" role="alert">
        {errorText(loaded.error)}
      </div>
    );
  if (!isNew && !page) return <div className="card state">{ru.common.loading}</div>;

  return (
    <>
      <PageHeader
        title={isNew ? t.pageNewTitle : t.pageEditTitle(page!.identifier)}
        lead={page?.updatedAt ? `${t.updatedAt}: ${dateTime(page.updatedAt)}` : t.pagesLead}
        actions={
          <Link to="/content/pages" className="button">
            <ArrowLeft size={16} aria-hidden /> {t.back}
          </Link>
        }
      />
      <form
        className="card page-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        key={page?.id ?? 'new'}
      >
        <fieldset className="card-body grid grid-2" disabled={!canManage || isBusy}>
          <TextField
            id="page-identifier"
            name="identifier"
            label={t.path}
            className="input mono"
            required
            defaultValue={page?.identifier ?? ''}
            error={error('identifier')}
            hint={error('identifier') ? undefined : t.pathHint}
          />
          <TextField id="page-h1" name="h1" label={t.h1} defaultValue={page?.h1 ?? ''} error={error('h1')} />
          <TextField
            id="page-title"
            name="title"
            label={t.seoTitle}
            required
            defaultValue={page?.title ?? ''}
            error={error('title')}
          />
          <TextField
            id="page-ogImage"
            name="ogImage"
            label={t.ogImage}
            defaultValue={page?.ogImage ?? ''}
            error={error('ogImage')}
          />
          <TextAreaField
            id="page-description"
            name="description"
            label={t.description}
            rows={2}
            wide
            defaultValue={page?.description ?? ''}
            error={error('description')}
          />
          <RichTextEditor
            id="page-body"
            name="body"
            label={t.body}
            hint={error('body') ?? t.bodyHint}
            initial={page?.body ?? ''}
          />
        </fieldset>
        {canManage ? (
          <div className="card-body offer-actions page-actions">
            {!isNew ? (
              <button type="button" className="button button-danger" onClick={() => void remove()}>
                <Trash2 size={16} aria-hidden /> {t.deletePage}
              </button>
            ) : null}
            <button type="submit" className="button button-primary" disabled={isBusy}>
              <Save size={16} aria-hidden /> {ru.common.save}
            </button>
          </div>
        ) : null}
      </form>
    </>
  );
}
