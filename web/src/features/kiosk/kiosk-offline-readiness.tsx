/**
 * Tells the kiosk's agent whether the tablet can take sign-ins without signal yet (utils/offline-readiness.ts):
 * "Ready offline" once the app is stored on it; until then, to keep it online. An agent who starts kiosk mode at
 * the office and drives to a model home with no signal must know before leaving: a tablet taken offline too early
 * answered a reload with the browser's "cannot connect" page. Beside the sign-in count, small, and no live region.
 */
import { useEffect, useState } from 'react';
import { watchOfflineReadiness, type OfflineReadiness } from '@/utils/offline-readiness';

export const READINESS_TEXT: Record<OfflineReadiness, string> = {
  ready: 'Ready offline',
  preparing: 'Getting ready for offline use: keep this tablet online',
  unavailable: 'This browser cannot keep the kiosk offline: keep this tablet online',
};

export function KioskOfflineReadiness() {
  const [readiness, setReadiness] = useState<OfflineReadiness | null>(null);
  useEffect(() => watchOfflineReadiness(setReadiness), []);
  if (readiness === null) return null;
  return (
    <p className="kiosk__readiness" data-readiness={readiness}>
      {READINESS_TEXT[readiness]}
    </p>
  );
}
