import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_SENT_YET_MESSAGE, OFFLINE_QUEUED_MESSAGE, queuedMessage } from './inquiry-messages';

afterEach(() => vi.unstubAllGlobals());

describe('queuedMessage', () => {
  it("says 'You're offline' only when the browser is offline", () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(queuedMessage()).toBe(OFFLINE_QUEUED_MESSAGE);
    vi.stubGlobal('navigator', { onLine: true });
    expect(queuedMessage()).toBe(NOT_SENT_YET_MESSAGE);
  });

  it('says the request waits without claiming the device is offline (a 429 or 503 while connected)', () => {
    expect(NOT_SENT_YET_MESSAGE).not.toMatch(/offline/i);
    expect(NOT_SENT_YET_MESSAGE).toContain('saved on this device');
  });
});
