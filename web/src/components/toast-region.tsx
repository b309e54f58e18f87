/**
 * A toast (SPEC §9): slides in 0.1 s after it is raised and goes away after 3 s. The region is a manual popover,
 * so while a modal dialog is open the toast still shows above it (both live in the browser's top layer).
 *
 * The text goes in as the toast slides in, not before: a region can be mounted together with its first toast (the
 * Share button's), and a live region put on the page already holding its text is often not announced by screen
 * readers. Changed 0.1 s after it is on the page, it is.
 */
import { useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_SLIDE_IN_DELAY_MS } from '@domain/constants';

export interface ToastMessage {
  /** Distinguishes two toasts with the same text. */
  id: number;
  text: string;
  tone: 'success' | 'error' | 'info';
}

interface ToastRegionProps {
  toast: ToastMessage | null;
  onDismiss: () => void;
  /** 'top': over a dialog whose own message sits at its foot, where a bottom toast would cover it. */
  placement?: 'top';
}

/**
 * A toast's timing: `shown` turns true TOAST_SLIDE_IN_DELAY_MS after `key` is set (the toast's text goes in then,
 * into a live region already on the page) and `onDone` runs after TOAST_DURATION_MS. A new key starts again; a
 * null one stops. Shared by the public toast and the admin's stack (features/admin/shared/toast-stack.tsx).
 */
export function useToastTiming(key: unknown, onDone: () => void): boolean {
  const [shown, setShown] = useState(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    setShown(false);
    if (key == null) return;
    const slideIn = setTimeout(() => setShown(true), TOAST_SLIDE_IN_DELAY_MS);
    const hide = setTimeout(() => done.current(), TOAST_DURATION_MS);
    return () => {
      clearTimeout(slideIn);
      clearTimeout(hide);
    };
  }, [key]);
  return shown;
}

export function ToastRegion({ toast, onDismiss, placement }: ToastRegionProps) {
  const shown = useToastTiming(toast, onDismiss);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!toast || !element || typeof element.showPopover !== 'function') return;
    // Hide first, so it is raised above a dialog opened since the last toast.
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
    return () => {
      if (element.matches(':popover-open')) element.hidePopover();
    };
  }, [toast]);
  return (
    <div
      ref={region}
      className={placement ? `toast-region toast-region--${placement}` : 'toast-region'}
      popover="manual"
      role="status"
      aria-live="polite"
    >
      {toast && (
        <div className="toast" data-tone={toast.tone} data-shown={shown ? 'true' : 'false'}>
          {shown && toast.text}
        </div>
      )}
    </div>
  );
}
