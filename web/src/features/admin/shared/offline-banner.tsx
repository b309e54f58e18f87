/** Shown when a page's data came from this device's copy rather than the server (DESIGN §5). */
export const OFFLINE_BANNER_TEXT = 'Offline: showing the copy saved on this device';

export function OfflineBanner({ offline }: { offline: boolean }) {
  if (!offline) return null;
  return (
    <div className="admin-offline-banner" role="status">
      {OFFLINE_BANNER_TEXT}
    </div>
  );
}
