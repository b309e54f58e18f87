/**
 * The map's drawing, as plain data for the SVG: county outlines as path strings, and points for the pins and the
 * job centres, all in one Mercator projection fitted to the counties and every pin (so a community near the
 * region's edge still shows). Loaded with the map only (d3-geo, topojson-client and the counties: about 12 KB).
 */
import { geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Coordinates } from '@domain/schemas/community';
import { JOB_CENTRES } from './commute';
import { HOUSTON_COUNTIES } from './houston-counties';

export const MAP_WIDTH = 600;
export const MAP_HEIGHT = 480;
const MARGIN = 16;

export interface MapPlace {
  id: string;
  name: string;
  coordinates: Coordinates;
}

export interface MapDrawing {
  counties: { id: string; name: string; path: string; label: [number, number] }[];
  pins: (MapPlace & { x: number; y: number })[];
  centres: { id: string; name: string; x: number; y: number }[];
}

const round = (value: number) => Math.round(value * 10) / 10;
const counties = feature(HOUSTON_COUNTIES, HOUSTON_COUNTIES.objects.counties);

export function drawMap(places: readonly MapPlace[]): MapDrawing {
  const points: GeoPermissibleObjects = {
    type: 'MultiPoint',
    coordinates: places.map(({ coordinates }) => [coordinates.lng, coordinates.lat]),
  };
  const projection = geoMercator().fitExtent(
    [
      [MARGIN, MARGIN],
      [MAP_WIDTH - MARGIN, MAP_HEIGHT - MARGIN],
    ],
    { type: 'GeometryCollection', geometries: [...counties.features.map((county) => county.geometry), points] },
  );
  const path = geoPath(projection).digits(1);
  const at = ({ lat, lng }: Coordinates): [number, number] => {
    const [x, y] = projection([lng, lat]) ?? [0, 0];
    return [round(x), round(y)];
  };
  return {
    counties: counties.features.map((county) => {
      const [x, y] = path.centroid(county);
      return {
        id: String(county.id),
        name: county.properties.name,
        path: path(county) ?? '',
        label: [round(x), round(y)],
      };
    }),
    pins: places.map((place) => {
      const [x, y] = at(place.coordinates);
      return { ...place, x, y };
    }),
    centres: JOB_CENTRES.map(({ id, name, position }) => {
      const [x, y] = at(position);
      return { id, name, x, y };
    }),
  };
}
