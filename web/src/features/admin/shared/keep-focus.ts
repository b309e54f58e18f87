/**
 * Keeping the keyboard's focus where the admin is (WCAG 2.4.3): a focused button that becomes `disabled`, or is
 * removed, drops the focus to <body>, and the next Tab starts again at the top of the page ("Skip to content", the
 * menu, the sidebar...).
 *
 * softDisabled: a button switched off while something runs (or until there is something to do) is only marked
 * `aria-disabled` (announced as dimmed, styled by .button[aria-disabled='true']) and keeps the focus; a press is
 * ignored. For a submit button the click's default is cancelled too, which stops the form's submission, also the
 * one Enter in a field of the form starts (the browser sends it as a click on that button).
 *
 * focusLeftWith: after an action whose button goes away (or is about to), the focus may be moved on to what comes
 * next only when it is still on that button or was dropped to <body>: an admin who went elsewhere meanwhile keeps
 * their place.
 */
import type { MouseEvent } from 'react';

export function softDisabled(off: boolean, onClick?: (event: MouseEvent<HTMLButtonElement>) => void) {
  return {
    'aria-disabled': off || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (off) {
        event.preventDefault();
        return;
      }
      onClick?.(event);
    },
  };
}

/** True when the focus is on `pressed` (when given) or was dropped to <body> or nowhere. */
export function focusLeftWith(pressed?: Element | null, doc: Document = document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || (!!pressed && active === pressed);
}
