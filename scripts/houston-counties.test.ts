import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COUNTIES_MODULE,
  countiesModuleText,
  HOUSTON_COUNTY_FIPS,
  houstonCounties,
  readAtlas,
} from './houston-counties';

describe('the greater-Houston counties module', () => {
  const { atlas, version } = readAtlas();

  it('is what the script makes from the installed us-atlas (run the script after an upgrade)', () => {
    expect(readFileSync(COUNTIES_MODULE, 'utf8')).toBe(countiesModuleText(atlas, version));
  });

  it('holds the eight counties by FIPS code and only the arcs they use, in a few KB', () => {
    const counties = houstonCounties(atlas);
    expect(counties.objects.counties.geometries.map((county) => county.id).sort()).toEqual(
      [...HOUSTON_COUNTY_FIPS].sort(),
    );
    const used = new Set(
      JSON.stringify(counties.objects.counties.geometries.map((county) => 'arcs' in county && county.arcs))
        .match(/-?\d+/g)!
        .map((index) => (Number(index) < 0 ? ~Number(index) : Number(index))),
    );
    expect(used.size).toBe(counties.arcs.length);
    expect(readFileSync(COUNTIES_MODULE, 'utf8').length).toBeLessThan(6000);
  });
});
