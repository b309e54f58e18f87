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

export function ToastRegion({ toast, onDismiss, placement }: ToastRegionProps) {
  const [shown, setShown] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    setShown(false);
    const element = region.current;
    if (!toast || !element) return;
    const popover = typeof element.showPopover === 'function';
    // Hide first, so it is raised above a dialog opened since the last toast.
    if (popover && element.matches(':popover-open')) element.hidePopover();
    if (popover) element.showPopover();
    const slideIn = setTimeout(() => setShown(true), TOAST_SLIDE_IN_DELAY_MS);
    const hide = setTimeout(() => dismiss.current(), TOAST_DURATION_MS);
    return () => {
      clearTimeout(slideIn);
      clearTimeout(hide);
      if (popover && element.matches(':popover-open')) element.hidePopover();
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
