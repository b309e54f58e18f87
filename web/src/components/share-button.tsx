/**
 * Share (community and listing pages): opens the device's share sheet, or copies the page's link and says so in a
 * toast. The sharing code and the toast load on the first pointer or focus on the button (DESIGN §7).
 */
import { lazy, Suspense, useState } from 'react';
import { Icon } from './icon';
import type { ToastMessage } from './toast-region';

const SHARE =
  '<circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/><path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4"/>';

const loadShare = () => import('@/utils/share');
/** Loaded before the click, so the share sheet opens within the click's user activation. */
const preloadShare = (): void => void loadShare().catch(() => undefined);

const ToastRegion = lazy(() => import('./toast-region').then((module) => ({ default: module.ToastRegion })));

export function ShareButton({ title, className }: { title: string; className: string }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  // A failure (the code did not load, the share sheet was dismissed) leaves the page as it was.
  const share = () =>
    void loadShare()
      .then((module) => module.shareCurrentPage(title))
      .then(
        (message) => message && setToast({ id: Date.now(), ...message }),
        () => undefined,
      );
  return (
    <>
      <button type="button" className={className} onClick={share} onPointerEnter={preloadShare} onFocus={preloadShare}>
        <Icon svg={SHARE} size={18} /> Share
      </button>
      {toast && (
        <Suspense fallback={null}>
          <ToastRegion toast={toast} onDismiss={() => setToast(null)} />
        </Suspense>
      )}
    </>
  );
}
