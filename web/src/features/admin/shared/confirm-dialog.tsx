/**
 * A promise-based confirmation: `const confirm = useConfirm(); if (await confirm('Delete?', { danger: true }))`.
 * Rendered in the shared Modal (native <dialog>: focus trapped, Escape cancels); the confirm button has focus,
 * so Enter confirms. Works with or without a surrounding ConfirmProvider (the admin layout mounts one; without
 * it each hook renders its own host through a portal-free fallback on document.body).
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- back-office code, never in a public page's entry graph
import { createRoot } from 'react-dom/client';
import { Modal } from '@/components/modal';

export interface ConfirmOptions {
  confirmLabel?: string;
  cancelLabel?: string;
  title?: string;
  danger?: boolean;
}

export type ConfirmFn = (message: string, options?: ConfirmOptions) => Promise<boolean>;

interface Pending {
  message: string;
  options: ConfirmOptions;
  resolve: (value: boolean) => void;
}

export function ConfirmDialog({
  message,
  options,
  onAnswer,
}: {
  message: string;
  options: ConfirmOptions;
  onAnswer: (value: boolean) => void;
}) {
  return (
    <Modal
      titleId="admin-confirm-title"
      title={options.title ?? 'Please confirm'}
      describedBy="admin-confirm-message"
      onClose={() => onAnswer(false)}
    >
      {/* The dialog's description: a screen reader reads the question (and the records it names) on opening. */}
      <p className="admin-confirm__message" id="admin-confirm-message">
        {message}
      </p>
      <div className="admin-modal__actions">
        <button type="button" className="button button--ghost" onClick={() => onAnswer(false)}>
          {options.cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={options.danger ? 'button button--danger' : 'button button--primary'}
          onClick={() => onAnswer(true)}
          // showModal() focuses the [autofocus] element, so Enter confirms and Escape cancels.
          ref={(element) => element?.setAttribute('autofocus', '')}
        >
          {options.confirmLabel ?? 'Confirm'}
        </button>
      </div>
    </Modal>
  );
}

const ConfirmContext = createContext<ConfirmFn | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback<ConfirmFn>(
    (message, options = {}) =>
      new Promise<boolean>((resolve) => {
        // A second request while one is open answers the first with "no".
        pendingRef.current?.resolve(false);
        const next = { message, options, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  const answer = (value: boolean) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.resolve(value);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && <ConfirmDialog message={pending.message} options={pending.options} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

/** Outside a provider: mounts a one-off dialog on document.body and removes it after the answer. */
const standaloneConfirm: ConfirmFn = (message, options = {}) =>
  new Promise<boolean>((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const done = (value: boolean) => {
      root.unmount();
      host.remove();
      resolve(value);
    };
    root.render(<ConfirmDialog message={message} options={options} onAnswer={done} />);
  });

export function useConfirm(): ConfirmFn {
  return useContext(ConfirmContext) ?? standaloneConfirm;
}
