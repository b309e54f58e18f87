/**
 * The unsaved-changes guard (DESIGN §5). A form calls `useUnsavedChangesGuard(dirty, id)`; while any admin form is
 * dirty, an in-app navigation asks for confirmation, closing or reloading the tab triggers the browser's own
 * prompt, and the form is registered as dirty so the service worker's update prompt waits
 * (web/src/utils/dirty-forms.ts).
 *
 * React Router supports one blocker at a time (a second one is ignored with a warning), so the forms only
 * register here and the admin layout mounts the one <UnsavedChangesBlocker /> that calls useBlocker.
 */
import { createElement, Fragment, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { markClean, markDirty } from '@/utils/dirty-forms';
import { useConfirm } from './confirm-dialog';

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and discard them?';

const dirtyForms = new Set<string>();

function setDirty(id: string, dirty: boolean): void {
  if (dirty) {
    dirtyForms.add(id);
    markDirty(id);
  } else {
    dirtyForms.delete(id);
    markClean(id);
  }
}

/** True while any admin form holds unsaved input. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/**
 * Asks before leaving while there are unsaved changes; resolves true when the user chose to leave (or nothing was
 * dirty). For actions that discard input without a navigation (closing a modal, switching records).
 */
export function useDiscardChangesConfirm(): () => Promise<boolean> {
  const confirm = useConfirm();
  return () =>
    hasUnsavedChanges()
      ? confirm(UNSAVED_CHANGES_MESSAGE, { confirmLabel: 'Discard changes', danger: true, title: 'Unsaved changes' })
      : Promise.resolve(true);
}

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  if (dirtyForms.size === 0) return;
  event.preventDefault();
  // Older browsers need returnValue set to show the prompt.
  event.returnValue = '';
};

export function useUnsavedChangesGuard(dirty: boolean, id: string): void {
  useEffect(() => {
    setDirty(id, dirty);
    if (!dirty) return;
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      setDirty(id, false);
    };
  }, [dirty, id]);
}

/** Mounted once by the admin layout (inside its ConfirmProvider): the router's one blocker. */
export function UnsavedChangesBlocker() {
  const confirm = useConfirm();
  // Only a new path unmounts a form (records open by path: /admin/properties/:id); the query holds a page's own
  // state (a table's sort, filters, page and view), whose change keeps the form as it is, so it is not asked about.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyForms.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm(UNSAVED_CHANGES_MESSAGE, { confirmLabel: 'Leave page', danger: true, title: 'Unsaved changes' }).then(
      (leave) => {
        const current = blockerRef.current;
        if (!active || current.state !== 'blocked') return;
        // A proceeding navigation is not checked again; the forms being left unmount and clean up.
        if (leave) current.proceed();
        else current.reset();
      },
    );
    return () => {
      active = false;
    };
  }, [blocker.state, confirm]);

  return createElement(Fragment);
}
