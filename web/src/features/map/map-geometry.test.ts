import { describe, expect, it } from 'vitest';
import { geoContains } from 'd3-geo';
import { feature } from 'topojson-client';
import { drawMap, MAP_HEIGHT, MAP_WIDTH } from './map-geometry';
import { HOUSTON_COUNTIES } from './houston-counties';
import { toMapPlaces } from './places';

const counties = feature(HOUSTON_COUNTIES, HOUSTON_COUNTIES.objects.counties).features;
const countyAt = (lat: number, lng: number) =>
  counties.find((county) => geoContains(county, [lng, lat]))?.properties.name;

describe('the county outlines', () => {
  it('are the eight counties of greater Houston, with the real places inside the right ones', () => {
    expect(counties.map((county) => county.properties.name).sort()).toEqual([
      'Brazoria',
      'Chambers',
      'Fort Bend',
      'Galveston',
      'Harris',
      'Liberty',
      'Montgomery',
      'Waller',
    ]);
    expect(countyAt(29.7589, -95.3677)).toBe('Harris'); // Downtown
    expect(countyAt(30.3119, -95.4561)).toBe('Montgomery'); // Conroe
    expect(countyAt(29.5821, -95.7608)).toBe('Fort Bend'); // Richmond
    expect(countyAt(29.3013, -94.7977)).toBe('Galveston'); // Galveston
    expect(countyAt(29.1694, -95.4319)).toBe('Brazoria'); // Angleton
    expect(countyAt(32.7767, -96.797)).toBeUndefined(); // Dallas
  });
});

describe('drawMap', () => {
  it('draws every county and puts every pin and job centre inside the picture', () => {
    const drawing = drawMap([
      { id: 'a', name: 'Austin Point', coordinates: { lat: 29.5145, lng: -95.715 } },
      { id: 'b', name: 'Magnolia Trails', coordinates: { lat: 30.335, lng: -95.56 } },
    ]);
    expect(drawing.counties).toHaveLength(8);
    for (const county of drawing.counties) expect(county.path).toMatch(/^M[\d.,LZM-]+$/);
    for (const point of [...drawing.pins, ...drawing.centres]) {
      expect(point.x).toBeGreaterThan(0);
      expect(point.x).toBeLessThan(MAP_WIDTH);
      expect(point.y).toBeGreaterThan(0);
      expect(point.y).toBeLessThan(MAP_HEIGHT);
    }
    // North is up: Magnolia Trails (Conroe) above Austin Point (Richmond).
    expect(drawing.pins[1]!.y).toBeLessThan(drawing.pins[0]!.y);
    expect(drawing.centres.map((centre) => centre.name)).toContain('Port/NASA');
  });

  it('widens the picture for a pin at the region edge, outside the eight counties', () => {
    const edge = drawMap([{ id: 'edge', name: 'Edge', coordinates: { lat: 30.79, lng: -96.59 } }]);
    expect(edge.pins[0]!.x).toBeGreaterThanOrEqual(0);
    expect(edge.pins[0]!.y).toBeGreaterThanOrEqual(0);
  });

  it('leaves out communities without a position', () => {
    const places = toMapPlaces([
      { id: 'a', name: 'A', coordinates: { lat: 29.5, lng: -95.5 } },
      { id: 'b', name: 'B', coordinates: undefined },
    ]);
    expect(places.map((place) => place.id)).toEqual(['a']);
  });
});
