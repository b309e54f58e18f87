/**
 * The browser may close a modal <dialog> by itself (a repeated Escape without user activation in between skips the
 * cancellable `cancel` event). When the admin then chooses to keep editing, the form is still mounted: show its
 * dialog again so it is not left invisible.
 */
export function reopenDialog(titleId: string): void {
  const dialog = document.querySelector<HTMLDialogElement>(`dialog[aria-labelledby="${CSS.escape(titleId)}"]`);
  if (dialog && !dialog.open) dialog.showModal();
}
