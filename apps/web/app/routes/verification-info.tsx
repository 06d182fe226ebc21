import {
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { formatDateTime } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { serverApi } from '../lib/api.server.ts';
import { invalidForm, refusal, useSubmitting } from '../lib/form-route.ts';
import { protectionApi, readForPlayer } from '../features/protection/api/protection.server.ts';
import '../ui/table.css';
import { FormSubmit } from '../ui/FormSubmit.tsx';

export const meta: MetaFunction = () => privatePageMeta(ru.verification.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { info: await readForPlayer(request, context, (protection) => protection.verification()) };
}

/** Sends one document to the API as it came (multipart), type first. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    return invalidForm({ uploaded: false }, ru.errors.api['errors.verification.file_required'] ?? null);
  const answer = await protectionApi(await serverApi(request, context)).upload(
    String(form.get('type') ?? ''),
    file,
  );
  if (answer.status === 200) return { uploaded: true, error: null };
  return refusal(answer, { uploaded: false });
}

const megabytes = (bytes: number) => ru.verification.megabytes(Math.round(bytes / 1024 / 1024));
const extensions = (types: string[]) =>
  types
    .map((type) =>
      type
        .replace(/^image\//, '')
        .replace('application/', '')
        .toUpperCase(),
    )
    .join(', ');

/** KYC (spec §2.1 /verification-info): the status, the documents sent, and the upload form. */
export default function VerificationInfo() {
  const { info } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  const v = ru.verification;
  return (
    <main id="content" className="page">
      <h1>{v.title}</h1>
      <p className="notice">{v.intro}</p>
      {!info ? (
        <p>{v.loginToUpload}</p>
      ) : (
        <>
          <p>
            {v.status}: <strong>{ru.profile.verificationStatus[info.form.status] ?? info.form.status}</strong>
            {info.reason && (
              <>
                {' '}
                · {v.reason}: {info.reason}
              </>
            )}
          </p>
          <h2>{v.documents}</h2>
          {info.documents.length === 0 ? (
            <p>{v.noDocuments}</p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">{v.documents}</caption>
              <thead>
                <tr>
                  <th scope="col">{ru.cashier.columns.date}</th>
                  <th scope="col">{v.type}</th>
                  <th scope="col">{ru.cashier.columns.status}</th>
                </tr>
              </thead>
              <tbody>
                {info.documents.map((document) => (
                  <tr key={document.id}>
                    <td>{formatDateTime(document.createdAt)}</td>
                    <td>{v.types[document.type] ?? document.type}</td>
                    <td>
                      {v.documentStatus[document.status] ?? document.status}
                      {document.reason && ` · ${document.reason}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Form method="post" encType="multipart/form-data" className="form form-narrow">
            <label className="field">
              {v.type}
              <select name="type" required>
                {info.documentTypes.map((type) => (
                  <option key={type} value={type}>
                    {v.types[type] ?? type}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              {v.file}
              <input name="file" type="file" accept={info.fileTypes.join(',')} required />
              <small>{v.fileHint(extensions(info.fileTypes), megabytes(info.maxFileBytes))}</small>
            </label>
            {result?.uploaded && <p role="status">{v.uploaded}</p>}
            <FormSubmit error={result?.error} busy={busy}>
              {v.upload}
            </FormSubmit>
          </Form>
        </>
      )}
    </main>
  );
}
