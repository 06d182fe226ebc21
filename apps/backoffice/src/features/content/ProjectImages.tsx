import { useRef, type FormEvent } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { OperatorProfile, ProjectImageAdminRow } from '@kometa/contracts';
import { Save } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText, PageHeader } from '../../ui/feedback.tsx';
import { formText } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';
import { ImageUpload } from './ImageUpload.tsx';

const t = ru.content;

function ImageCard({ image, canManage }: { image: ProjectImageAdminRow; canManage: boolean }) {
  const { run, fields, isBusy } = useAction();
  const size = useRef<{ width: number | null; height: number | null }>({
    width: image.width,
    height: image.height,
  });
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = formText(new FormData(event.currentTarget), 'url');
    await run(async () => {
      await api('PUT', `/content/images/${image.id}`, { body: { url, ...size.current } });
      return t.imageReplaced;
    });
  }
  return (
    <form
      className="card"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`image-${image.id}`}
    >
      <div className="card-header">
        <h2 id={`image-${image.id}`} className="mono">
          {image.name}
        </h2>
        <span className="muted">
          {t.imageSize}: {image.width ?? '—'}×{image.height ?? '—'}
        </span>
      </div>
      <fieldset className="card-body grid" disabled={!canManage || isBusy}>
        <ImageUpload
          id={`image-${image.id}-url`}
          name="url"
          label={t.imageType}
          initial={image.url}
          error={fields.url ? messageOf(fields.url) : undefined}
          onUploaded={(uploaded) => {
            size.current = { width: uploaded.width, height: uploaded.height };
          }}
        />
      </fieldset>
      {canManage ? (
        <div className="card-body offer-actions">
          <button type="submit" className="button button-primary button-small" disabled={isBusy}>
            <Save size={14} aria-hidden /> {t.replace}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The project's images (logo, background): replaced by an upload. */
export function ProjectImages() {
  const images = useQuery({
    queryKey: ['content-images'],
    queryFn: () => api<ProjectImageAdminRow[]>('GET', '/content/images'),
  });
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('content.manage') ?? false;
  return (
    <>
      <PageHeader title={t.imagesTitle} lead={t.imagesLead} />
      {images.error ? (
        <div className="card state" role="alert">
          {errorText(images.error)}
        </div>
      ) : !images.data ? (
        <div className="card state">{ru.common.loading}</div>
      ) : (
        <div className="settings-grid">
          {images.data.map((image) => (
            <ImageCard key={`${image.id}-${image.url}`} image={image} canManage={canManage} />
          ))}
        </div>
      )}
    </>
  );
}
