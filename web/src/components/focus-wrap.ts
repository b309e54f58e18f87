/**
 * Tab and Shift+Tab kept inside a container (a modal dialog, the admin's menu drawer): from its last focusable
 * element Tab goes to its first, and Shift+Tab from the first to the last. Elements under aria-hidden are skipped.
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
