/**
 * Share (community and listing pages): opens the device's share sheet, or copies the page's link and says so in a
 * toast. The sharing code and the toast load on the first click only.
 */
import { lazy, Suspense, useState } from 'react';
import { Icon } from '../../components/icon';
import type { ToastMessage } from '../../components/toast';

const SHARE =
  '<circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/><path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4"/>';

export const LINK_COPIED_MESSAGE = 'Link copied to clipboard';
export const copyFailedMessage = (url: string) => `Could not copy the link. Copy it from here: ${url}`;

const loadShare = () => import('./share');
/** Loads the sharing code before the click, so the share sheet opens within the click's user activation. */
const preloadShare = (): void => void loadShare().catch(() => undefined);

const ToastRegion = lazy(() => import('../../components/toast').then((module) => ({ default: module.ToastRegion })));

export function ShareButton({ title, className }: { title: string; className: string }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const share = async () => {
    // The page's own address without query or fragment: what a link preview and a search engine know it by.
    const url = `${location.origin}${location.pathname}`;
    const { shareLink } = await loadShare();
    const outcome = await shareLink({ title, url });
    if (outcome === 'copied') setToast({ id: Date.now(), text: LINK_COPIED_MESSAGE, tone: 'success' });
    if (outcome === 'failed') setToast({ id: Date.now(), text: copyFailedMessage(url), tone: 'error' });
  };
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => void share().catch(() => undefined)}
        onPointerEnter={preloadShare}
        onFocus={preloadShare}
      >
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
