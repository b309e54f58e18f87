/**
 * A modal dialog on the native <dialog> (showModal: the page behind is inert and the dialog sits in the top
 * layer). Focus moves into it on open and back to the opener on close; Tab and Shift+Tab wrap inside it; Escape,
 * the close button and a click on the backdrop close it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icon';

const CLOSE = '<path d="M18 6 6 18M6 6l12 12"/>';

/*
 * Tab and Shift+Tab kept inside a container (this modal, the admin's menu drawer): from its last focusable element
 * Tab goes to its first, and Shift+Tab from the first to the last. Elements under aria-hidden are skipped. Exported
 * from here, not a module of their own: a chunk of its own cost the public pages' preload lists bytes they lack.
 */
const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([tabindex="-1"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The focusable elements of `container`, in document order. */
export const focusablesIn = (container: HTMLElement): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => !item.closest('[aria-hidden="true"]'));

export function wrapTab(
  container: HTMLElement,
  event: { key: string; shiftKey: boolean; preventDefault: () => void },
): void {
  if (event.key !== 'Tab') return;
  const items = focusablesIn(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface ModalProps {
  titleId: string;
  title: string;
  description?: string;
  /** The id of what describes the dialog when it is not `description` (a confirmation's question). */
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
}

export function Modal({ titleId, title, description, describedBy, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>('input:not([tabindex="-1"]),textarea,select')?.focus();
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      // Read with the title as the dialog opens: what it is about (e.g. which records a confirmation deletes).
      aria-describedby={description ? `${titleId}-desc` : describedBy}
      onKeyDown={(event) => wrapTab(dialog.current!, event)}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      // Closed by the browser itself (e.g. a repeated Escape); a stale event after a reopen is ignored.
      onClose={() => {
        if (!dialog.current?.open) onCloseRef.current();
      }}
      // A click on the backdrop closes, but not the second click of a double click: the dialog now opens under the
      // pointer as soon as the first click lands (components/lazy-with-preload.tsx), and the second would close it.
      onClick={(event) => {
        if (event.target === dialog.current && event.detail < 2) onCloseRef.current();
      }}
    >
      <div className="modal__panel">
        <div className="modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button modal__close" aria-label="Close" onClick={() => onClose()}>
            <Icon svg={CLOSE} />
          </button>
        </div>
        {description && (
          <p className="modal__description" id={`${titleId}-desc`}>
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>
  );
}
