/** The Sync page's focus after a stuck change is resolved: the next card, the last one, or the page's state. */
import { describe, expect, it } from 'vitest';
import { focusAfterResolve } from './focus-after-resolve';

describe('focusAfterResolve', () => {
  it('waits while the card is still shown', () => {
    expect(focusAfterResolve(['a', 'b'], { id: 'a', index: 0 }, false)).toBeNull();
  });

  it('goes to the card that took its place', () => {
    expect(focusAfterResolve(['b', 'c'], { id: 'a', index: 0 }, false)).toEqual({ card: 'b' });
    expect(focusAfterResolve(['a', 'c'], { id: 'b', index: 1 }, false)).toEqual({ card: 'c' });
  });

  it('goes to the new last card when the last one was resolved', () => {
    expect(focusAfterResolve(['a', 'b'], { id: 'c', index: 2 }, false)).toEqual({ card: 'b' });
  });

  it('goes to "Everything is synced" when nothing is left, else to the changes still waiting', () => {
    expect(focusAfterResolve([], { id: 'a', index: 0 }, true)).toBe('empty');
    expect(focusAfterResolve([], { id: 'a', index: 0 }, false)).toBe('waiting');
  });
});
