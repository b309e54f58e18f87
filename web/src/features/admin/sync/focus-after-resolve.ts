/**
 * Where the Sync page puts the keyboard's focus once the card an admin acted on (Keep mine, Take theirs, Retry,
 * Discard) has left the list of stuck changes, taking the pressed button with it: the heading of the card now in
 * its place (the next one), else of the new last card; with no card left, the "Everything is synced" heading, or,
 * while changes still wait to be sent, the "Waiting to be sent" heading (that list empties in turn).
 */
export type SyncFocus = { card: string } | 'empty' | 'waiting';

/** null while the acted-on card is still shown. `cards`: the stuck entries' ids in page order. */
export function focusAfterResolve(
  cards: readonly string[],
  acted: { id: string; index: number },
  nothingLeft: boolean,
): SyncFocus | null {
  if (cards.includes(acted.id)) return null;
  if (cards.length > 0) return { card: cards[Math.min(acted.index, cards.length - 1)]! };
  return nothingLeft ? 'empty' : 'waiting';
}
