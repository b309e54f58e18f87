/**
 * Where the map goes: a box of the map's proportions (so nothing moves when it arrives) whose code and data load
 * once the box comes near the viewport (or right away where IntersectionObserver is missing). The map is below the
 * fold, so a plain page view never pays for d3-geo and the county outlines (DESIGN §7); the service worker
 * precaches their chunk, so the map draws offline too.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { publicReader } from '@/data/public-reader';
import type { HoustonMapProps } from './houston-map';
import type { MapPlace } from './map-geometry';
import { toMapPlaces } from './places';

interface MapSlotProps extends Omit<HoustonMapProps, 'places' | 'currentId'> {
  /** The pins; absent: every community the reader knows (online, or the copy on this device). */
  places?: readonly MapPlace[] | undefined;
  /** The page's community: highlighted, and pinned even when the list lacks it. Keep its identity stable. */
  current?: MapPlace | undefined;
}

type Loaded = { Map: ComponentType<HoustonMapProps>; places: readonly MapPlace[] } | 'failed' | null;

async function everyCommunity(current: MapPlace | undefined): Promise<readonly MapPlace[]> {
  const all = await (await publicReader()).listCommunities().then(toMapPlaces, () => []);
  return current && !all.some((place) => place.id === current.id) ? [...all, current] : all;
}

export function MapSlot({ places, current, title, description }: MapSlotProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    let cancelled = false;
    const load = () => {
      Promise.all([import('./houston-map'), places ?? everyCommunity(current)]).then(
        ([module, pins]) => !cancelled && setLoaded({ Map: module.default, places: pins }),
        () => !cancelled && setLoaded('failed'),
      );
    };
    if (typeof IntersectionObserver === 'undefined') {
      load();
      return () => void (cancelled = true);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [places, current]);

  return (
    <div ref={slot} className="map-slot">
      {loaded === null ? (
        <p className="map-slot__note">Loading the map…</p>
      ) : loaded === 'failed' ? (
        <p className="map-slot__note">The map could not load. The distances beside it still apply.</p>
      ) : (
        <loaded.Map places={loaded.places} currentId={current?.id} title={title} description={description} />
      )}
    </div>
  );
}
