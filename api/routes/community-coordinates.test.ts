/**
 * Community positions (issue 17): stored when inside the Houston region, refused with a clear message outside it
 * (create and update), optional for older records, and part of the public list items the maps read.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATITUDE_OUTSIDE_HOUSTON, LONGITUDE_OUTSIDE_HOUSTON } from '../../domain/schemas/community';
import { communityBody, createTestApp, type TestApp } from '../../tests/support/api';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(() => t.close());

const create = (overrides: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/communities', token: t.adminToken, json: communityBody(overrides) });

describe('community coordinates', () => {
  it('stores a position inside the region and gives it in the public list', async () => {
    const created = await create({ coordinates: { lat: 29.5145, lng: -95.715 } });
    expect(created.statusCode).toBe(201);
    expect(created.json().coordinates).toEqual({ lat: 29.5145, lng: -95.715 });
    const list = await t.request({ method: 'GET', url: '/api/public/communities?view=list' });
    expect(list.json()[0].coordinates).toEqual({ lat: 29.5145, lng: -95.715 });
  });

  it('keeps a community without a position (older records) valid, with no coordinates key in the list', async () => {
    expect((await create({})).statusCode).toBe(201);
    const list = await t.request({ method: 'GET', url: '/api/public/communities?view=list' });
    expect(list.json()[0]).not.toHaveProperty('coordinates');
  });

  it.each([
    ['Austin, TX (north of the region)', { lat: 30.2672, lng: -97.7431 }, 'coordinates.lng', LONGITUDE_OUTSIDE_HOUSTON],
    ['a dropped minus sign', { lat: 29.76, lng: 95.37 }, 'coordinates.lng', LONGITUDE_OUTSIDE_HOUSTON],
    ['latitude and longitude swapped', { lat: -95.37, lng: 29.76 }, 'coordinates.lat', LATITUDE_OUTSIDE_HOUSTON],
    ['Dallas (too far north)', { lat: 32.7767, lng: -95.5 }, 'coordinates.lat', LATITUDE_OUTSIDE_HOUSTON],
    ['a latitude as text', { lat: 'north', lng: -95.37 }, 'coordinates.lat', LATITUDE_OUTSIDE_HOUSTON],
  ])('refuses %s with 400 and the message, storing nothing', async (_case, coordinates, path, message) => {
    const response = await create({ coordinates });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
    expect(await t.storage.count('communities')).toBe(0);
  });

  it('refuses an out-of-region position on update too, keeping the stored one', async () => {
    const created = (await create({ coordinates: { lat: 29.5145, lng: -95.715 } })).json();
    const response = await t.request({
      method: 'PUT',
      url: `/api/communities/${created.id}`,
      token: t.adminToken,
      json: { coordinates: { lat: 40.7128, lng: -74.006 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path: 'coordinates.lat', message: LATITUDE_OUTSIDE_HOUSTON });
    const stored = await t.request({ method: 'GET', url: `/api/communities/${created.id}`, token: t.adminToken });
    expect(stored.json().coordinates).toEqual({ lat: 29.5145, lng: -95.715 });
  });

  it('removes a stored position when an update sends coordinates: null, and the page drops its map', async () => {
    const created = (await create({ name: 'Pinned', coordinates: { lat: 29.5145, lng: -95.715 } })).json();
    const response = await t.request({
      method: 'PUT',
      url: `/api/communities/${created.id}`,
      token: t.adminToken,
      json: { coordinates: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('coordinates');
    expect(await t.storage.get('communities', created.id)).not.toHaveProperty('coordinates');
    const list = await t.request({ method: 'GET', url: '/api/public/communities?view=list' });
    expect(list.json()[0]).not.toHaveProperty('coordinates');
    // A create has nothing to remove: null is not a position there.
    expect((await create({ name: 'Null Pin', coordinates: null })).statusCode).toBe(400);
  });
});
