import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ru } from '../i18n/ru.ts';
import './modal.css';

/**
 * A modal dialog on the native <dialog>: focus moves in and stays in, Escape and the close button
 * call `onClose`, and the page behind is inert.
 */
export function Modal({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A class beside `modal` (a wider dialog, its own look). */
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Each dialog names itself: two open at once (a gift's terms over the cashier, say) keep their own names.
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal-close" onClick={onClose} aria-label={ru.auth.close}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
