/**
 * Commute figures from a community to greater Houston's job centres (issue 17), worked out on the device with no
 * routing service, so they show offline too. The method, also stated under the table (COMMUTE_METHOD):
 *
 * - distance: the great-circle ("straight-line") distance, by the haversine formula;
 * - drive time: roads are taken as ROAD_FACTOR times longer than the straight line, driven at a speed that grows
 *   with the trip (SPEED_BANDS: the first miles at street speed, later ones at freeway speed, like tax brackets, so
 *   a longer trip never comes out shorter), rounded up to 5 minutes. It is an off-peak estimate, not a forecast.
 */
import type { Coordinates } from '@domain/schemas/community';

export interface JobCentre {
  id: string;
  name: string;
  /** Where its distance is measured to. */
  position: Coordinates;
}

/** Each is measured to one landmark at its heart (docs/decisions.md). */
export const JOB_CENTRES: readonly JobCentre[] = [
  { id: 'downtown', name: 'Downtown', position: { lat: 29.7589, lng: -95.3677 } },
  { id: 'medical-center', name: 'Texas Medical Center', position: { lat: 29.7066, lng: -95.3971 } },
  { id: 'energy-corridor', name: 'Energy Corridor', position: { lat: 29.7785, lng: -95.6212 } },
  { id: 'galleria', name: 'Galleria', position: { lat: 29.7394, lng: -95.4637 } },
  { id: 'the-woodlands', name: 'The Woodlands', position: { lat: 30.1608, lng: -95.463 } },
  // Johnson Space Center, by Clear Lake, between the Bayport terminal and the NASA area's employers.
  { id: 'port-nasa', name: 'Port/NASA', position: { lat: 29.5593, lng: -95.0901 } },
];

const EARTH_RADIUS_MILES = 3958.8;
export const ROAD_FACTOR = 1.3;
/** Road miles up to `upTo` are driven at `mph` (the last band has no end). */
export const SPEED_BANDS: readonly { upTo: number; mph: number }[] = [
  { upTo: 5, mph: 30 },
  { upTo: 15, mph: 40 },
  { upTo: 30, mph: 50 },
  { upTo: Infinity, mph: 60 },
];
const ROUND_TO_MINUTES = 5;

export const COMMUTE_METHOD =
  'Distances are in a straight line. Drive times are estimates for light traffic: road distance taken as 1.3 × the ' +
  'straight line, at 30 mph for the first 5 miles, 40 mph to 15 miles, 50 mph to 30 miles and 60 mph beyond, ' +
  'rounded up to 5 minutes. Rush hour can take much longer.';

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in miles (haversine). */
export function milesBetween(from: Coordinates, to: Coordinates): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The estimated drive in whole minutes (a multiple of 5, at least 5) for a straight-line distance in miles. */
export function driveMinutes(straightMiles: number): number {
  let left = straightMiles * ROAD_FACTOR;
  let from = 0;
  let hours = 0;
  for (const band of SPEED_BANDS) {
    const inBand = Math.min(left, band.upTo - from);
    hours += inBand / band.mph;
    left -= inBand;
    from = band.upTo;
    if (left <= 0) break;
  }
  // A hair of slack so float noise (e.g. 25.000000001) does not add 5 minutes.
  return Math.max(ROUND_TO_MINUTES, Math.ceil((hours * 60 - 1e-9) / ROUND_TO_MINUTES) * ROUND_TO_MINUTES);
}

export interface CommuteRow {
  centre: JobCentre;
  miles: number;
  minutes: number;
}

/** The six job centres with their distance and drive time from a position, in JOB_CENTRES order. */
export function commuteRows(from: Coordinates): CommuteRow[] {
  return JOB_CENTRES.map((centre) => {
    const miles = milesBetween(from, centre.position);
    return { centre, miles, minutes: driveMinutes(miles) };
  });
}

/** The closest job centre (the first of equals). */
export function nearestJobCentre(from: Coordinates): CommuteRow {
  return commuteRows(from).reduce((best, row) => (row.miles < best.miles ? row : best));
}

/** Miles with one decimal ("7.4 mi"). */
export const formatMiles = (miles: number): string => `${miles.toFixed(1)} mi`;

/**
 * Google Maps' cross-platform directions URL: it opens the Google Maps app on Android and on iPhones that have it,
 * and maps in the browser elsewhere; a `geo:` link does nothing in iOS Safari or on most desktops.
 */
export const directionsUrl = ({ lat, lng }: Coordinates): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
