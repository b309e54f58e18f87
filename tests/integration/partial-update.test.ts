/**
 * PUT is a partial update (DESIGN §4, docs/decisions.md): a field the request leaves out keeps its stored value.
 * zod's `.partial()` keeps `.default()`s, which made a one-field PUT reset every defaulted field (a listing's
 * status to AVAILABLE, a community's theme, sections, homes and builders); the admin data layer sends only the
 * fields an admin changed, so this must hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityUpdateSchema } from '../../domain/schemas/community';
import { listingUpdateSchema } from '../../domain/schemas/listing';
import { propertyUpdateSchema } from '../../domain/schemas/property';
import { communityBody, createTestApp, listingBody, propertyBody, type TestApp } from '../support/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

async function create(url: string, json: unknown) {
  const response = await t.request({ method: 'POST', url, token: t.adminToken, json });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function put(url: string, json: unknown) {
  const response = await t.request({ method: 'PUT', url, token: t.adminToken, json });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('partial updates', () => {
  it('the update schemas keep only the fields sent, and still validate them', () => {
    expect(listingUpdateSchema.parse({ price: 1 })).toEqual({ price: 1 });
    expect(propertyUpdateSchema.parse({ title: 'A' })).toEqual({ title: 'A' });
    expect(communityUpdateSchema.parse({ name: 'B' })).toEqual({ name: 'B' });
    const refused = listingUpdateSchema.safeParse({ price: -1, bedrooms: 30, status: 'GONE' });
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['bedrooms', 'price', 'status']);
    // A nested object that is sent is replaced whole, with its own defaults.
    expect(communityUpdateSchema.parse({ theme: { primaryColor: '#112233' } }).theme).toMatchObject({
      primaryColor: '#112233',
      borderRadius: '12px',
    });
  });

  it('a one-field PUT leaves every other field of a community, listing and property as stored', async () => {
    const community = await create(
      '/api/communities',
      communityBody({
        theme: { primaryColor: '#224466', borderRadius: '8px', borderRadiusLarge: '10px' },
        homes: [{ name: 'The Oak', price: 400000, bedrooms: 4, bathrooms: 3, sqft: 2600 }],
        builders: [{ name: 'Lakeside Homes', description: 'Local', contact: '713-555-0100' }],
      }),
    );
    const renamed = await put(`/api/communities/${community.id}`, { name: 'Renamed' });
    expect(renamed).toEqual({ ...community, name: 'Renamed', version: 2, updatedAt: renamed.updatedAt });

    const listing = await create(
      '/api/listings',
      listingBody(community.id, { status: 'PENDING', type: 'TOWNHOME', images: ['/uploads/a.webp'] }),
    );
    const repriced = await put(`/api/listings/${listing.id}`, { price: 399000 });
    expect(repriced).toEqual({ ...listing, price: 399000, version: 2, updatedAt: repriced.updatedAt });

    const property = await create('/api/properties', propertyBody({ status: 'OFF_MARKET', propertyType: 'CONDO' }));
    const retitled = await put(`/api/properties/${property.id}`, { title: 'New Title' });
    expect(retitled).toEqual({ ...property, title: 'New Title', version: 2, updatedAt: retitled.updatedAt });
  });
});
