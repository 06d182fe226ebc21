import { useId, useState } from 'react';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TYPES, type UploadedImage } from '@kometa/contracts';
import { ImageIcon, Upload } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText } from '../../ui/feedback.tsx';

const t = ru.content;

/** A file's bytes as base64 (what the upload call takes). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * An image field: its address (typed, or filled by an upload) with a preview. The upload is checked
 * here for type and size first, then by the server from the file's own bytes.
 */
export function ImageUpload(props: {
  id: string;
  name: string;
  label: string;
  initial: string | null;
  error?: string | undefined;
  onUploaded?: (image: UploadedImage) => void;
}) {
  const [url, setUrl] = useState(props.initial ?? '');
  const [status, setStatus] = useState<{ text: string; isError: boolean } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const fileId = useId();

  async function upload(file: File | undefined) {
    if (!file) return;
    if (!(CONTENT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setStatus({ text: messageOf('errors.content.image_type'), isError: true });
      return;
    }
    if (file.size > CONTENT_IMAGE_MAX_BYTES) {
      setStatus({ text: messageOf('errors.content.image_too_large'), isError: true });
      return;
    }
    setBusy(true);
    setStatus({ text: t.uploading, isError: false });
    try {
      const image = await api<UploadedImage>('POST', '/content/media', {
        body: { fileName: file.name, contentType: file.type, data: await base64Of(file) },
      });
      setUrl(image.url);
      setStatus({ text: t.uploaded(image.width, image.height), isError: false });
      props.onUploaded?.(image);
    } catch (failure) {
      setStatus({ text: errorText(failure), isError: true });
    } finally {
      setBusy(false);
    }
  }

  const shownError = props.error ?? (status?.isError ? status.text : undefined);
  return (
    <div className="field image-field">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="image-field-row">
        <div className="image-preview" aria-hidden>
          {url ? <img src={url} alt="" /> : <ImageIcon size={20} />}
        </div>
        <div className="image-field-inputs">
          <input
            id={props.id}
            name={props.name}
            className="input mono"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${props.id}-status`}
          />
          <label htmlFor={fileId} className={`button button-small upload-button${isBusy ? ' is-busy' : ''}`}>
            <Upload size={14} aria-hidden /> {isBusy ? t.uploading : t.upload}
          </label>
          <input
            id={fileId}
            type="file"
            accept={CONTENT_IMAGE_TYPES.join(',')}
            className="visually-hidden"
            aria-label={`${props.label}: ${t.upload}`}
            data-testid={`${props.name}-file`}
            disabled={isBusy}
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </div>
      </div>
      <span
        id={`${props.id}-status`}
        className={shownError ? 'error' : 'hint'}
        role={status ? 'status' : undefined}
      >
        {shownError ?? status?.text ?? t.uploadHint}
      </span>
    </div>
  );
}
