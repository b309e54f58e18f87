/**
 * The kiosk's discreet count for its agent (issue 17): "3 waiting" while sign-ins wait on this tablet for the
 * network, "all sent" once the office has them all, and "1 refused" for a sign-in the server turned down after it
 * was queued (kept on the tablet: staff see it on the Sync page once signed in). Small and in a corner: visitors
 * need not read it, and it is no live region, so a screen reader does not interrupt a visitor with it.
 */
import { useEffect, useState } from 'react';
import { watchWaitingSignIns } from '@/data/repositories/kiosk-repository';
import type { VisitorQueue } from '@/data/visitor-queue';

export function waitingText({ waiting, refused }: VisitorQueue): string {
  const parts = [waiting > 0 ? `${waiting} waiting` : '', refused > 0 ? `${refused} refused` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'all sent';
}

export function KioskWaiting() {
  // null until the outbox has been read: no "all sent" before it is known.
  const [queue, setQueue] = useState<VisitorQueue | null>(null);
  useEffect(() => watchWaitingSignIns(setQueue), []);
  if (queue === null) return null;
  return (
    <p
      className="kiosk__waiting"
      title="Sign-ins on this tablet not yet received by the office (refused ones: sign in and open Sync)"
      data-waiting={queue.waiting}
      data-refused={queue.refused}
    >
      {waitingText(queue)}
    </p>
  );
}
