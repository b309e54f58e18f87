/** Display of listing fields (SPEC §3, §4): type names, status badges with their colour tones, room facts. */
import { LISTING_STATUS_BADGES } from '@domain/constants';
import type { Listing } from '@domain/schemas/listing';
import { formatCount } from '@/utils/format';

export const LISTING_TYPE_LABELS: Record<Listing['type'], string> = {
  HOUSE: 'House',
  TOWNHOME: 'Townhome',
  CONDO: 'Condo',
  LOT: 'Lot',
};

export const statusBadge = (status: Listing['status']) =>
  LISTING_STATUS_BADGES[status] ?? LISTING_STATUS_BADGES.AVAILABLE;

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** "4 Beds · 2.5 Baths · 2,450 Sq Ft" of a listing or a home plan (a lot without rooms shows its size only; an unknown size, 0, shows nothing rather than "0 Sq Ft"). */
export function RoomFacts({ home }: { home: { bedrooms: number; bathrooms: number; sqft: number } }) {
  return (
    <p className="room-facts">
      {home.bedrooms > 0 && <span>{plural(home.bedrooms, 'Bed')}</span>}
      {home.bathrooms > 0 && <span>{plural(home.bathrooms, 'Bath')}</span>}
      {home.sqft > 0 && <span>{formatCount(home.sqft)} Sq Ft</span>}
    </p>
  );
}
