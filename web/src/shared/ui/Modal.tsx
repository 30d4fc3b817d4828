import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The × button in the header; off for dialogs whose own buttons include a Close. */
  closeButton?: boolean;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus inside, closes it on Escape and gives focus back to
 * the opener. A click on the backdrop closes it too.
 */
export function Modal({ open, title, onClose, children, closeButton = true }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && onClose()}
    >
      {open && (
        <div className="modal-body">
          <div className="modal-header">
            <h2 id={titleId}>{title}</h2>
            {closeButton && (
              <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
                ×
              </button>
            )}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
