import { describe, expect, it } from 'vitest';
import { waitingText } from '@/features/kiosk/kiosk-waiting';
import { afterRequest, showsOffline } from './connection-watch';
import type { OfflineStatus } from './offline-pack-schedule';

const status = (patch: Partial<OfflineStatus> = {}): OfflineStatus => ({
  online: true,
  fromShell: false,
  pack: 'ready',
  storedAt: 0,
  unreachable: false,
  deliveredAt: 0,
  waiting: 0,
  ...patch,
});

describe('the offline pill follows requests', () => {
  it('says offline when the device is offline, the page came from the saved shell, or no server answered', () => {
    expect(showsOffline(status())).toBe(false);
    expect(showsOffline(status({ online: false }))).toBe(true);
    expect(showsOffline(status({ fromShell: true }))).toBe(true);
    expect(showsOffline(status({ unreachable: true }))).toBe(true);
  });

  it('goes once a request is answered, even when no "online" event came (a dead zone that ended)', () => {
    const stuck = status({ fromShell: true, unreachable: true });
    expect(showsOffline(afterRequest(stuck, true))).toBe(false);
  });

  it('comes when a request finds no server while the device believes it is online', () => {
    expect(showsOffline(afterRequest(status(), false))).toBe(true);
  });
});

describe('the kiosk count', () => {
  it('reads "N waiting" or "all sent"', () => {
    expect(waitingText({ waiting: 3, refused: 0 })).toBe('3 waiting');
    expect(waitingText({ waiting: 1, refused: 0 })).toBe('1 waiting');
    expect(waitingText({ waiting: 0, refused: 0 })).toBe('all sent');
    // A sign-in the server refused after it was queued is never "all sent".
    expect(waitingText({ waiting: 0, refused: 1 })).toBe('1 refused');
    expect(waitingText({ waiting: 2, refused: 1 })).toBe('2 waiting · 1 refused');
  });
});
