/** The sync indicator says when this page's changes are not on the device yet (its storage not answering). */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getSyncStatus, resetSyncStatus } from '@/data/sync-status';
import { SyncIndicator, syncState } from './sync-indicator';

// What a page starts with: nothing waiting, nothing refused.
resetSyncStatus();
const settled = getSyncStatus();

describe('SyncIndicator', () => {
  it('says nothing of the storage while it answers', () => {
    expect(syncState(settled)).toBe('ok');
    expect(renderToString(<SyncIndicator status={settled} />)).not.toContain('not on this device yet');
  });

  it('asks for attention, in an alert, while a change waits for the storage', () => {
    const waiting = { ...settled, waitingForStorage: 2 };
    expect(syncState(waiting)).toBe('attention');
    const html = renderToString(<SyncIndicator status={waiting} />);
    expect(html).toContain('role="alert"');
    expect(html.replaceAll('<!-- -->', '')).toContain(
      '2 changes are not on this device yet: its storage is not answering.',
    );
  });
});
