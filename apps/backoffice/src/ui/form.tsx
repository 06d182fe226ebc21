import type {
  CSSProperties,
  FormEvent,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { Search, Download } from 'lucide-react';
import { exportUrl } from '../lib/api.ts';
import type { useServerList } from '../lib/use-server-list.ts';
import { ru } from '../i18n/ru.ts';
import { Modal } from './feedback.tsx';

/** What a field shows and names: its label, and the Russian text of what is wrong with it. */
interface FieldProps {
  id: string;
  label: string;
  /** The field's error, already in Russian (shown under it and announced with it). */
  error?: string | undefined;
  /** A line under the field that stays (the input is described by it). */
  hint?: string | undefined;
  /** The field takes the toolbar's free width. */
  grow?: boolean;
  /** The field spans every column of its grid. */
  wide?: boolean;
}

/** The field's error id, and the input's attributes that tie it to the error and the hint. */
function described({ id, error, hint }: FieldProps) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

function FieldFrame(props: FieldProps & { children: ReactNode }) {
  return (
    <div className={['field', props.grow ? 'grow' : '', props.wide ? 'wide' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? (
        <span id={`${props.id}-hint`} className="hint">
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span id={`${props.id}-error`} className="error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input (`.field` > label, `.input`, hint, error). */
export function TextField({
  id,
  label,
  error,
  hint,
  grow,
  wide,
  className = 'input',
  ...input
}: FieldProps & InputProps) {
  const field = { id, label, error, hint, grow, wide };
  return (
    <FieldFrame {...field}>
      <input id={id} className={className} {...described(field)} {...input} />
    </FieldFrame>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/** A labelled text area. */
export function TextAreaField({ id, label, error, hint, grow, wide, ...area }: FieldProps & TextAreaProps) {
  const field = { id, label, error, hint, grow, wide };
  return (
    <FieldFrame {...field}>
      <textarea id={id} className="textarea" {...described(field)} {...area} />
    </FieldFrame>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'>;

/** A labelled select of `[value, text]` options; `anyOption` first offers «Все» (no filter). */
export function SelectField({
  id,
  label,
  error,
  hint,
  grow,
  wide,
  options,
  anyOption = false,
  ...select
}: FieldProps & SelectProps & { options: readonly (readonly [string, string])[]; anyOption?: boolean }) {
  const field = { id, label, error, hint, grow, wide };
  return (
    <FieldFrame {...field}>
      <select id={id} className="select" {...described(field)} {...select}>
        {anyOption ? <option value="">{ru.common.all}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Check boxes of one name under a legend (`form.getAll(name)`), and what is wrong with the choice. */
export function CheckGroup(props: {
  legend: string;
  name: string;
  options: readonly (readonly [string, string])[];
  checked: readonly string[];
  error?: string | undefined;
}) {
  return (
    <>
      <fieldset
        className="field"
        style={BARE_FIELDSET}
        aria-describedby={props.error ? `${props.name}-error` : undefined}
      >
        <legend className="label">{props.legend}</legend>
        <div className="checks">
          {props.options.map(([value, text]) => (
            <label key={value} className="check">
              <input
                type="checkbox"
                name={props.name}
                value={value}
                defaultChecked={props.checked.includes(value)}
              />{' '}
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      {props.error ? (
        <span id={`${props.name}-error`} className="error">
          {props.error}
        </span>
      ) : null}
    </>
  );
}

/** A fieldset drawn as a plain field (no border, no padding). */
export const BARE_FIELDSET: CSSProperties = { border: 0, padding: 0, margin: 0 };

/** A form's error above its fields (role=alert: read out when it appears). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <div className="alert" role="alert">
      {message}
    </div>
  ) : null;
}

type ServerList = ReturnType<typeof useServerList>;

/**
 * The filter bar above a server-paged list: its fields, «Найти» (unless the fields apply themselves),
 * «Сбросить» where asked, and the CSV export of the rows the filters select. `read` turns the submitted
 * form into the list's filters; its fields keep their own values (`defaultValue`), so the bar is drawn
 * again when the filters change (a link, «Назад»). Without `read` the fields apply themselves (controlled).
 */
export function FilterBar(props: {
  list: Pick<ServerList, 'applyFilters' | 'exportQuery'>;
  /** Where the CSV export of the selected rows is (no export link without it). */
  exportPath?: string;
  read?: (form: FormData) => Record<string, string | undefined>;
  withReset?: boolean;
  children: ReactNode;
}) {
  const { list, read } = props;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (read) list.applyFilters(read(new FormData(event.currentTarget)));
  }
  return (
    <form
      className="toolbar"
      key={read ? JSON.stringify(list.exportQuery) : undefined}
      onSubmit={submit}
      onReset={props.withReset ? () => list.applyFilters({}) : undefined}
    >
      {props.children}
      <div className="toolbar-actions">
        {read ? (
          <button type="submit" className="button button-primary">
            <Search size={16} aria-hidden /> {ru.common.search}
          </button>
        ) : null}
        {props.withReset ? (
          <button type="reset" className="button">
            {ru.common.reset}
          </button>
        ) : null}
        {props.exportPath ? (
          <a className="button" href={exportUrl(props.exportPath, list.exportQuery)} download>
            <Download size={16} aria-hidden /> {ru.common.exportCsv}
          </a>
        ) : null}
      </div>
    </form>
  );
}

/** A trimmed text field of a submitted form ('' when absent). */
export const formText = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/**
 * A dialog around one form: «Отмена» and the form's submit button (`form={formId}`) under it.
 * The form inside carries `id={formId}`.
 */
export function FormDialog(props: {
  title: string;
  open: boolean;
  onClose: () => void;
  formId: string;
  submitLabel: string;
  isBusy?: boolean;
  /** The submit button is drawn as a dangerous one (a cancel, a removal). */
  isDanger?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      title={props.title}
      open={props.open}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            {ru.common.cancel}
          </button>
          <button
            type="submit"
            form={props.formId}
            className={props.isDanger ? 'button button-danger' : 'button button-primary'}
            disabled={props.isBusy}
          >
            {props.submitLabel}
          </button>
        </>
      }
    >
      {props.children}
    </Modal>
  );
}
