/** The lead a shortlist becomes: its message lists the homes, so an agent reads it without opening each one. */
import { TEXT_LIMITS } from '@domain/constants';
import { formatUsd } from '@/utils/format';

/** The API accepts up to 20 listing ids per lead (domain/schemas/lead.ts). */
export const SHORTLIST_MAX_LISTINGS = 20;
/**
 * The visitor's note: with 20 homes of the longest title and address (200 characters each) it still fits in the
 * lead's message (TEXT_LIMITS.long), so shortlistMessage's cut never takes what the visitor wrote.
 */
export const SHORTLIST_NOTE_MAX_LENGTH = TEXT_LIMITS.medium;

export interface ShortlistHome {
  id: string;
  title: string;
  address?: string;
  price?: number;
}

/** "My shortlist (2 homes):\n- Title, address, $price\n…" followed by the visitor's note, if any. */
export function shortlistMessage(homes: ShortlistHome[], note = ''): string {
  const lines = homes.map((home) =>
    ['- ' + home.title, home.address, home.price === undefined ? undefined : formatUsd(home.price)]
      .filter(Boolean)
      .join(', '),
  );
  const heading = `My shortlist (${homes.length} ${homes.length === 1 ? 'home' : 'homes'}):`;
  const text = [heading, ...lines, ...(note.trim() ? ['', note.trim()] : [])].join('\n');
  return text.slice(0, TEXT_LIMITS.long);
}
