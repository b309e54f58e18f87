/**
 * The kiosk's discreet count for its agent (issue 17): "3 waiting" while sign-ins wait on this tablet for the
 * network, "all sent" once the office has them all. Small and in a corner: visitors need not read it, and it is no
 * live region, so a screen reader does not interrupt a visitor with it.
 */
import { useEffect, useState } from 'react';
import { watchWaitingSignIns } from '@/data/repositories/kiosk-repository';

export const waitingText = (waiting: number): string => (waiting > 0 ? `${waiting} waiting` : 'all sent');

export function KioskWaiting() {
  // null until the outbox has been read: no "all sent" before it is known.
  const [waiting, setWaiting] = useState<number | null>(null);
  useEffect(() => watchWaitingSignIns(setWaiting), []);
  if (waiting === null) return null;
  return (
    <p className="kiosk__waiting" title="Sign-ins on this tablet not yet received by the office" data-waiting={waiting}>
      {waitingText(waiting)}
    </p>
  );
}
