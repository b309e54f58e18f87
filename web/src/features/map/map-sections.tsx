/**
 * The two page sections of issue 17, in one module so both pages' lazy imports name one chunk (and its stylesheet):
 * each file a route's chunk lists costs bytes, and the community page has none to spare (DESIGN §7). The route
 * loaders preload it, so the server renders the sections; the map inside each loads only when scrolled near.
 *
 * - CommunityCommute (the default export, so the community page imports it without a wrapper): "Location and
 *   Commute", with the map (every community's pin, this one highlighted), the distance and estimated drive time to
 *   each of the six job centres, how they are estimated, and a Directions link that opens the device's maps app.
 *   Nothing shows for a community without a position.
 * - CommunitiesMap (/communities): a pin for each community on the page and, as the map's text alternative, the
 *   same communities with their distance to Downtown and to their nearest job centre.
 */
import { useMemo, type CSSProperties } from 'react';
import type { Community } from '@domain/schemas/community';
import { COMMUTE_METHOD, commuteRows, directionsUrl, formatMiles, nearestJobCentre } from './commute';
import type { MapPlace } from './map-geometry';
import { MapSlot } from './map-slot';
import { toMapPlace, type Positioned } from './places';
// Inlined into the chunk and rendered with each section, so the server's HTML is styled from the first paint and no
// stylesheet link is added after hydration (the page's one stylesheet stays inlined, see server-html.e2e.ts).
import styles from './map.css?inline';

export interface CommunityCommuteProps {
  community: Pick<Community, 'id' | 'name' | 'coordinates'>;
}

export default function CommunityCommute({ community }: CommunityCommuteProps) {
  const current = useMemo(() => toMapPlace(community) ?? undefined, [community]);
  const { coordinates, name } = community;
  if (!coordinates) return null;
  return (
    <section className="section band commute render-when-near" aria-labelledby="commute-title">
      <style>{styles}</style>
      <h2 id="commute-title">Location and Commute</h2>
      <div className="commute__layout">
        <MapSlot
          current={current}
          title={`Map of greater Houston with ${name}`}
          description={`${name}'s pin is highlighted among the other communities, with Houston's six job centres marked. The table beside the map lists the distances and drive times.`}
        />
        <div className="commute__facts">
          <table className="commute-table">
            <caption>From {name} to Houston&apos;s job centres</caption>
            <thead>
              <tr>
                <th scope="col">Job centre</th>
                <th scope="col">Distance</th>
                <th scope="col">Drive time</th>
              </tr>
            </thead>
            <tbody>
              {commuteRows(coordinates).map(({ centre, miles, minutes }) => (
                <tr key={centre.id}>
                  <th scope="row">{centre.name}</th>
                  <td>{formatMiles(miles)}</td>
                  <td>about {minutes} min</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="commute__note">{COMMUTE_METHOD}</p>
          <a className="button button--primary" href={directionsUrl(coordinates)} target="_blank" rel="noopener">
            Directions
          </a>
        </div>
      </div>
    </section>
  );
}

export interface CommunitiesMapProps {
  /** The page's communities; those without a position (older records) are left out. */
  communities: readonly (Positioned & { location: string })[];
}

type Place = MapPlace & { location: string };

export function CommunitiesMap({ communities }: CommunitiesMapProps) {
  const places = useMemo(
    () => communities.filter((community): community is Place => community.coordinates != null),
    [communities],
  );
  if (places.length === 0) return null;
  return (
    // Below the page's cards, so it is laid out only when scrolled near (render-when-near): otherwise its list is most
    // of the page's first layout (about 120 of 200 layout objects). `--places` sizes its stand-in (map.css).
    <section
      className="section band band--tint commute commute--list render-when-near"
      style={{ '--places': places.length } as CSSProperties}
      aria-labelledby="communities-map-title"
    >
      <style>{styles}</style>
      <h2 id="communities-map-title">Communities on the Map</h2>
      <div className="commute__layout">
        <MapSlot
          places={places}
          title="Map of greater Houston's communities"
          description={`${places.length === 1 ? 'One community' : `${places.length} communities`} pinned on greater Houston's counties, with the six job centres marked. The list beside the map gives each one's distances.`}
        />
        <div className="commute__facts">
          <ul className="commute-list" aria-label="Communities and their distances">
            {places.map((place) => {
              const [downtown] = commuteRows(place.coordinates);
              const nearest = nearestJobCentre(place.coordinates);
              return (
                <li key={place.id}>
                  <strong>{place.name}</strong> <span className="muted">{place.location}</span>
                  <br />
                  {formatMiles(downtown!.miles)} from Downtown (about {downtown!.minutes} min)
                  {nearest.centre.id !== 'downtown' &&
                    `; nearest job centre: ${nearest.centre.name}, ${formatMiles(nearest.miles)} (about ${nearest.minutes} min)`}
                </li>
              );
            })}
          </ul>
          <p className="commute__note">{COMMUTE_METHOD}</p>
        </div>
      </div>
    </section>
  );
}
