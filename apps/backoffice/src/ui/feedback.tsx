import type { LucideIcon } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ApiError } from '../lib/api.ts';
import { messageOf, ru } from '../i18n/ru.ts';

interface Toast {
  id: number;
  text: string;
  isError: boolean;
}
const ToastContext = createContext<(text: string, isError?: boolean) => void>(() => undefined);

/** Every action answers with a toast (LOOK.md: every action gives feedback). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const show = useCallback((text: string, isError = false) => {
    const id = ++next.current;
    setToasts((all) => [...all, { id, text, isError }]);
    setTimeout(() => setToasts((all) => all.filter((toast) => toast.id !== id)), 5000);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={toast.isError ? 'toast toast-error' : 'toast'}>
            {toast.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
export const useToast = () => useContext(ToastContext);

/** The Russian text of a failed call. */
export const errorText = (error: unknown) =>
  error instanceof ApiError
    ? error.status === 0
      ? ru.errors.network!
      : messageOf(error.messageKey)
    : ru.errors.unknown!;

/** A modal dialog on the native <dialog> (focus trapped, Escape closes). */
export function Modal(props: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={props.onClose}>
      <div className="card-header">
        <h2 id={titleId}>{props.title}</h2>
      </div>
      <div className="modal-body">{props.children}</div>
      <div className="modal-actions">{props.actions}</div>
    </dialog>
  );
}

const BADGE_TONES = {
  success: 'badge-success',
  danger: 'badge-danger',
  warning: 'badge-warning',
  primary: 'badge-primary',
  plain: '',
};
export function Badge({
  tone = 'plain',
  children,
}: {
  tone?: keyof typeof BADGE_TONES;
  children: ReactNode;
}) {
  return <span className={`badge ${BADGE_TONES[tone]}`}>{children}</span>;
}

export function PageHeader(props: { title: string; lead?: string; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.lead ? <p>{props.lead}</p> : null}
      </div>
      {props.actions}
    </header>
  );
}

/** A small button that shows only its icon (`title` on hover, `label` read out). */
export function IconButton(props: {
  icon: LucideIcon;
  title: string;
  label: string;
  isDanger?: boolean;
  onClick: () => void;
}) {
  const Icon = props.icon;
  return (
    <button
      type="button"
      className={`button button-small button-icon${props.isDanger ? ' button-danger' : ''}`}
      title={props.title}
      aria-label={props.label}
      onClick={props.onClick}
    >
      <Icon size={14} aria-hidden />
    </button>
  );
}
