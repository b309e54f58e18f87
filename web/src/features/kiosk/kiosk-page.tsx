/**
 * /kiosk/{community}: the open-house sign-in for a tablet. Before kiosk mode starts it shows the admin's start
 * form (kiosk-start-form.tsx); once started, a full-screen sign-in without the site's header, footer or links
 * (kiosk-sign-in.tsx), that resets after each visitor and when left idle, and that only an admin's password ends
 * ('Exit kiosk', kiosk-exit-dialog.tsx). This module only chooses which of the two the tablet shows.
 */
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { Community } from '@domain/schemas/community';
import { readKioskMode, type KioskMode } from '@/data/repositories/kiosk-repository';
import { KioskSignIn } from './kiosk-sign-in';
import { KioskStartForm } from './kiosk-start-form';
import { kioskModeFor } from './start-kiosk';
import './kiosk.css';

interface KioskPageProps {
  /** Null only on a tablet in kiosk mode whose community is gone: it still needs its count and 'Exit kiosk'. */
  community: Community | null;
  businessName: string;
}

export function KioskPage({ community, businessName }: KioskPageProps) {
  const [mode, setMode] = useState<KioskMode | null>(() => (community ? kioskModeFor(community) : readKioskMode()));
  const other = mode ? null : readKioskMode();
  // A tablet in kiosk mode for another community stays on that one.
  if (other) return <Navigate to={`/kiosk/${encodeURIComponent(other.communitySlug)}`} replace />;
  if (!mode) return community ? <KioskStartForm community={community} onStarted={setMode} /> : null;
  return <KioskSignIn mode={mode} community={community} businessName={businessName} />;
}
