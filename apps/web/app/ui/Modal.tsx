import { useEffect, useRef, type ReactNode } from 'react';
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
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="modal-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-head">
        <h2 id="modal-title">{title}</h2>
        <button type="button" className="modal-close" onClick={onClose} aria-label={ru.auth.close}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
