/**
 * The admin's stack of toasts (SPEC §9): a message slides in 0.1 s after it is raised and goes away after 3 s; up to
 * three show at once, each with a dismiss button. One provider, mounted by the admin shell; pages call
 * useToast().success(...) / .error(...). Success is announced politely (role=status), errors assertively
 * (role=alert): each tone has a live region mounted with the stack, and a toast's text goes into it as the toast
 * slides in, as in the public site's single toast (components/toast-region.tsx).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useToastTiming } from '@/components/toast-region';

export interface Toaster {
  success(message: string): void;
  error(message: string): void;
}

interface ToastItem {
  id: number;
  text: string;
  tone: 'success' | 'error';
}

const noop: Toaster = { success: () => undefined, error: () => undefined };
const ToastContext = createContext<Toaster>(noop);

export function useToast(): Toaster {
  return useContext(ToastContext);
}

function ToastView({ toast, onDone }: { toast: ToastItem; onDone: (id: number) => void }) {
  // The text (and its close) goes in as the toast slides in, into a live region already shown: see toast-region.tsx.
  const shown = useToastTiming(toast.id, () => onDone(toast.id));
  return (
    <div className="toast admin-toast" data-tone={toast.tone} data-shown={shown ? 'true' : 'false'}>
      {shown && (
        <>
          <span>{toast.text}</span>
          <button type="button" className="admin-toast__close" aria-label="Dismiss" onClick={() => onDone(toast.id)}>
            ×
          </button>
        </>
      )}
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);

  const push = useCallback((text: string, tone: ToastItem['tone']) => {
    const id = nextId.current++;
    // At most three at once: the oldest gives way.
    setToasts((current) => [...current.slice(-2), { id, text, tone }]);
  }, []);
  const remove = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);

  // A manual popover sits in the top layer, so toasts show above an open modal <dialog> too.
  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (toasts.length > 0) element.showPopover();
  }, [toasts]);

  const api = useMemo<Toaster>(
    () => ({ success: (message) => push(message, 'success'), error: (message) => push(message, 'error') }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div ref={region} className="toast-region admin-toast-region" popover="manual">
        {/* Two live regions, always mounted: successes polite, errors assertive. */}
        {(['success', 'error'] as const).map((tone) => (
          <div key={tone} className="admin-live admin-toast-list" role={tone === 'error' ? 'alert' : 'status'}>
            {toasts
              .filter((toast) => toast.tone === tone)
              .map((toast) => (
                <ToastView key={toast.id} toast={toast} onDone={remove} />
              ))}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
