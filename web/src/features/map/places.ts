/** Communities as map pins: only those with a position (older records may have none). */
import type { Community } from '@domain/schemas/community';
import type { MapPlace } from './map-geometry';

export type Positioned = Pick<Community, 'id' | 'name' | 'coordinates'>;

export const toMapPlace = ({ id, name, coordinates }: Positioned): MapPlace | null =>
  coordinates ? { id, name, coordinates } : null;

export const toMapPlaces = (communities: readonly Positioned[]): MapPlace[] =>
  communities.flatMap((community) => toMapPlace(community) ?? []);
