/** Admin CRUD of communities, listings and properties: success paths, validation, 404, 412, idempotency. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  communityBody,
  contactBody,
  createTestApp,
  listingBody,
  propertyBody,
  type TestApp,
} from '../../tests/support/api';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(() => t.close());

async function createCommunity(overrides: Record<string, unknown> = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/api/communities',
    token: t.adminToken,
    json: communityBody(overrides),
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('communities', () => {
  it('creates with defaults, a slug from the name and version 1, then lists and reads it', async () => {
    const created = await createCommunity({ name: 'Willow Bend' });
    expect(created).toMatchObject({
      name: 'Willow Bend',
      slug: 'willow-bend',
      version: 1,
      theme: { primaryColor: '#007AFF', borderRadius: '12px' },
    });
    expect(created.sections.hero.visible).toBe(true);
    const list = await t.request({ method: 'GET', url: '/api/communities', token: t.adminToken });
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([created.id]);
    const one = await t.request({ method: 'GET', url: `/api/communities/${created.id}`, token: t.adminToken });
    expect(one.headers.etag).toBe('"1"');
    expect(one.json().name).toBe('Willow Bend');
  });

  it('gives a second community of the same name a distinct slug and keeps the slug on rename', async () => {
    const first = await createCommunity({ name: 'Emberly' });
    const second = await createCommunity({ name: 'Emberly' });
    expect([first.slug, second.slug]).toEqual(['emberly', 'emberly-2']);
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/communities/${first.id}`,
      token: t.adminToken,
      json: { name: 'Emberly Lakes' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Emberly Lakes', slug: 'emberly', version: 2 });
  });

  it('keeps a suffixed slug within 80 characters, so the record can send its own slug back', async () => {
    const name = 'Lakeside '.repeat(12).trim();
    const slugs: string[] = [];
    for (let index = 0; index < 3; index += 1) slugs.push((await createCommunity({ name })).slug);
    expect(slugs.map((slug) => slug.length)).toEqual([80, 80, 80]);
    expect(new Set(slugs).size).toBe(3);
    expect(slugs[2]).toMatch(/-3$/);
    const third = (await t.storage.list('communities')).find((community) => community.slug === slugs[2])!;
    const resent = await t.request({
      method: 'PUT',
      url: `/api/communities/${third.id}`,
      token: t.adminToken,
      json: { slug: slugs[2] },
    });
    expect(resent.statusCode).toBe(200);
  });

  it('refuses a slug asked for on create that another community holds (409, as on update), storing nothing', async () => {
    await createCommunity({ name: 'Austin Point' });
    const response = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      json: communityBody({ name: 'Another', slug: 'austin-point' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'Another community already uses this slug',
      details: [{ path: 'slug', message: 'Already in use' }],
    });
    expect(await t.storage.count('communities')).toBe(1);
  });

  it.each([
    ['name missing', { name: '' }, 'name', 'Community Name is required'],
    ['location missing', { location: '' }, 'location', 'Location is required'],
    ['description missing', { description: undefined }, 'description', 'Description is required'],
    ['negative totalHomes', { totalHomes: -1 }, 'totalHomes', 'Must be 0 or more'],
    ['fractional totalHomes', { totalHomes: 1.5 }, 'totalHomes', 'Must be a whole number'],
    ['text totalHomes', { totalHomes: 'many' }, 'totalHomes', 'Must be a number'],
    ['an empty amenity', { amenities: ['Pool', ''] }, 'amenities.1', 'Must not be empty: remove the empty item'],
    [
      'CSS injected in a theme colour',
      { theme: { primaryColor: 'red;background:url(https://evil.example)' } },
      'theme.primaryColor',
      'Use a colour in the form #RRGGBB',
    ],
    [
      'CSS injected in a radius',
      { theme: { borderRadius: '1px;color:red' } },
      'theme.borderRadius',
      'Use a length such as 12px or 1rem',
    ],
    [
      'javascript: image',
      { image: 'javascript:alert(1)' },
      'image',
      'Use an https:// URL, a path starting with / or a file name',
    ],
    // The pages' CSP allows https: images only (and browsers block http: ones on an https page as mixed content).
    [
      'http: image',
      { image: 'http://photos.example.com/hero.jpg' },
      'image',
      'Use an https:// URL, a path starting with / or a file name',
    ],
    // A protocol-relative path is another host's image: og:image and JSON-LD made it this site's path (a 403).
    [
      'protocol-relative image',
      { image: '//images.example-cdn.com/lakeshore.jpg' },
      'image',
      'Use an https:// URL, a path starting with / or a file name',
    ],
  ])('refuses %s with 400, a field detail, and stores nothing', async (_case, overrides, path, message) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      json: communityBody(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
    expect(await t.storage.count('communities')).toBe(0);
  });

  it('changes only the fields a PUT sends (defaults of create never reset stored values)', async () => {
    const created = await createCommunity({
      amenities: ['Lake'],
      schools: ['Katy ISD'],
      theme: { primaryColor: '#123456' },
    });
    const response = await t.request({
      method: 'PUT',
      url: `/api/communities/${created.id}`,
      token: t.adminToken,
      json: { priceRange: '$500s' },
    });
    expect(response.json()).toMatchObject({
      priceRange: '$500s',
      amenities: ['Lake'],
      schools: ['Katy ISD'],
      totalHomes: 120,
      theme: { primaryColor: '#123456' },
    });
    const listing = (
      await t.request({
        method: 'POST',
        url: '/api/listings',
        token: t.adminToken,
        json: listingBody(created.id, { status: 'SOLD', type: 'CONDO' }),
      })
    ).json();
    const priced = await t.request({
      method: 'PUT',
      url: `/api/listings/${listing.id}`,
      token: t.adminToken,
      json: { price: 1 },
    });
    expect(priced.json()).toMatchObject({ price: 1, status: 'SOLD', type: 'CONDO' });
  });

  it('answers 412 with the current record for a stale If-Match, and changes nothing', async () => {
    const created = await createCommunity();
    const ok = await t.request({
      method: 'PUT',
      url: `/api/communities/${created.id}`,
      token: t.adminToken,
      headers: { 'if-match': '"1"' },
      json: { priceRange: '$400s' },
    });
    expect(ok.statusCode).toBe(200);
    const stale = await t.request({
      method: 'PUT',
      url: `/api/communities/${created.id}`,
      token: t.adminToken,
      headers: { 'if-match': '"1"' },
      json: { priceRange: '$900s' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ version: 2, priceRange: '$400s' });
    expect((await t.storage.get('communities', created.id))!.priceRange).toBe('$400s');
    const staleDelete = await t.request({
      method: 'DELETE',
      url: `/api/communities/${created.id}`,
      token: t.adminToken,
      headers: { 'if-match': '1' },
    });
    expect(staleDelete.statusCode).toBe(412);
  });

  it('refuses to delete a community that still has listings (409), then deletes it once empty (204)', async () => {
    const community = await createCommunity();
    const listing = (
      await t.request({ method: 'POST', url: '/api/listings', token: t.adminToken, json: listingBody(community.id) })
    ).json();
    const refused = await t.request({ method: 'DELETE', url: `/api/communities/${community.id}`, token: t.adminToken });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('1 listing');
    await t.request({ method: 'DELETE', url: `/api/listings/${listing.id}`, token: t.adminToken });
    const deleted = await t.request({ method: 'DELETE', url: `/api/communities/${community.id}`, token: t.adminToken });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await t.storage.get('communities', community.id)).toBeUndefined();
  });

  it('answers 404 for unknown ids on read, update and delete', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: `/api/communities/${id}`,
        token: t.adminToken,
        ...(method === 'PUT' ? { json: { name: 'X' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
  });

  it('keeps a client-supplied id (offline-created records) and refuses a duplicate id with 409', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    const created = await createCommunity({ id });
    expect(created.id).toBe(id);
    const again = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      json: communityBody({ id, name: 'Other' }),
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('idempotency keys', () => {
  it('replays the first answer for the same key and body, storing one record', async () => {
    const headers = { 'idempotency-key': 'offline-edit-0001' };
    const first = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      headers,
      json: communityBody(),
    });
    const second = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      headers,
      json: communityBody(),
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await t.storage.count('communities')).toBe(1);
  });

  it('answers a create sent again after its key expired with the stored record (its creator) or 409 (anyone else)', async () => {
    const id = '39280dd1-5a7e-4c1b-9a55-0b1f0c2e4d11';
    const body = propertyBody({ id, title: 'Offline P' });
    const send = (token: string, key: string) =>
      t.request({ method: 'POST', url: '/api/properties', token, headers: { 'idempotency-key': key }, json: body });
    const first = await send(t.adminToken, 'offline-create-k1');
    expect(first.statusCode).toBe(201);
    // The answer was lost, the device stayed offline past the key's 24 h: the same create, under a new key.
    const again = await send(t.adminToken, 'offline-create-k2');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.storage.count('properties')).toBe(1);
    const creates = (await t.storage.list('audit')).filter((entry) => entry.action === 'property.create');
    expect(creates).toHaveLength(1);
    // Another admin's create of that id, or other fields under it, is a clash.
    expect((await send(t.superToken, 'offline-create-k3')).statusCode).toBe(409);
    const edited = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: t.adminToken,
      headers: { 'idempotency-key': 'offline-create-k4' },
      json: { ...body, title: 'Offline P, edited' },
    });
    expect(edited.statusCode).toBe(409);
  });

  it('answers 422 for the same key with another body, storing nothing more', async () => {
    const headers = { 'idempotency-key': 'offline-edit-0002' };
    await t.request({ method: 'POST', url: '/api/communities', token: t.adminToken, headers, json: communityBody() });
    const reused = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      headers,
      json: communityBody({ name: 'Different' }),
    });
    expect(reused.statusCode).toBe(422);
    expect(await t.storage.count('communities')).toBe(1);
  });

  it('checks the key before If-Match: a retried update whose answer was lost gets its answer, not a 412', async () => {
    const community = (
      await t.request({ method: 'POST', url: '/api/communities', token: t.adminToken, json: communityBody() })
    ).json();
    const retry = {
      method: 'PUT' as const,
      url: `/api/communities/${community.id}`,
      token: t.adminToken,
      headers: { 'if-match': '"1"', 'idempotency-key': 'offline-edit-0003' },
      json: { totalHomes: 99 },
    };
    const first = await t.request(retry);
    const second = await t.request(retry);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await t.storage.get('communities', community.id))!.version).toBe(2);
  });

  it('replays deletes (204) instead of answering 404 the second time', async () => {
    const community = (
      await t.request({ method: 'POST', url: '/api/communities', token: t.adminToken, json: communityBody() })
    ).json();
    const retry = {
      method: 'DELETE' as const,
      url: `/api/communities/${community.id}`,
      token: t.adminToken,
      headers: { 'idempotency-key': 'offline-delete-0001' },
    };
    expect((await t.request(retry)).statusCode).toBe(204);
    expect((await t.request(retry)).statusCode).toBe(204);
  });

  it('refuses a malformed key with 400', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      headers: { 'idempotency-key': 'bad key!' },
      json: communityBody(),
    });
    expect(response.statusCode).toBe(400);
    expect(await t.storage.count('communities')).toBe(0);
  });
});

describe('listings', () => {
  it('creates with defaults HOUSE and AVAILABLE, accepts a community slug, filters by communityId', async () => {
    const community = await createCommunity({ name: 'Indigo' });
    const other = await createCommunity({ name: 'Stonecreek Estates' });
    const { type: _type, status: _status, ...withoutDefaults } = listingBody('indigo');
    const created = await t.request({
      method: 'POST',
      url: '/api/listings',
      token: t.adminToken,
      json: withoutDefaults,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ communityId: community.id, type: 'HOUSE', status: 'AVAILABLE', version: 1 });
    await t.request({ method: 'POST', url: '/api/listings', token: t.adminToken, json: listingBody(other.id) });
    const filtered = await t.request({
      method: 'GET',
      url: `/api/listings?communityId=${community.id}`,
      token: t.adminToken,
    });
    expect(filtered.json()).toHaveLength(1);
    // By slug too, as the public call and the listing forms take it; an unknown community lists nothing.
    const bySlug = await t.request({ method: 'GET', url: '/api/listings?communityId=indigo', token: t.adminToken });
    expect(bySlug.json().map((listing: { id: string }) => listing.id)).toEqual(
      filtered.json().map((listing: { id: string }) => listing.id),
    );
    const unknown = await t.request({ method: 'GET', url: '/api/listings?communityId=nowhere', token: t.adminToken });
    expect(unknown.json()).toEqual([]);
    const all = await t.request({ method: 'GET', url: '/api/listings', token: t.adminToken });
    expect(all.json()).toHaveLength(2);
  });

  it.each([
    ['title missing', { title: '' }, 'title', 'Property Title is required'],
    ['community missing', { communityId: '' }, 'communityId', 'Community is required'],
    [
      'unknown community',
      { communityId: '33333333-3333-4333-8333-333333333333' },
      'communityId',
      'Community not found',
    ],
    ['address missing', { address: '' }, 'address', 'Address is required'],
    ['negative price', { price: -5 }, 'price', 'Must be 0 or more'],
    ['price as text', { price: 'cheap' }, 'price', 'Must be a number'],
    ['price over the cap', { price: 1e13 }, 'price', 'Must be at most 1,000,000,000,000'],
    ['21 bedrooms', { bedrooms: 21 }, 'bedrooms', 'Must be between 0 and 20'],
    ['2.5 bedrooms', { bedrooms: 2.5 }, 'bedrooms', 'Must be a whole number'],
    ['bathrooms off the half step', { bathrooms: 2.25 }, 'bathrooms', 'Use half steps (e.g. 2.5)'],
    ['21 bathrooms', { bathrooms: 21 }, 'bathrooms', 'Must be between 0 and 20'],
    ['negative sqft', { sqft: -1 }, 'sqft', 'Must be 0 or more'],
    ['unknown type', { type: 'CASTLE' }, 'type', expect.any(String)],
    ['unknown status', { status: 'GONE' }, 'status', expect.any(String)],
  ])('refuses %s with 400 and stores nothing', async (_case, overrides, path, message) => {
    const community = await createCommunity();
    const response = await t.request({
      method: 'POST',
      url: '/api/listings',
      token: t.adminToken,
      json: listingBody(community.id, overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
    expect(await t.storage.count('listings')).toBe(0);
  });

  it('updates status freely among the allowed values and bumps the version', async () => {
    const community = await createCommunity();
    const listing = (
      await t.request({ method: 'POST', url: '/api/listings', token: t.adminToken, json: listingBody(community.id) })
    ).json();
    for (const status of ['SOLD', 'AVAILABLE', 'PENDING']) {
      const response = await t.request({
        method: 'PUT',
        url: `/api/listings/${listing.id}`,
        token: t.adminToken,
        json: { status },
      });
      expect(response.json().status).toBe(status);
    }
    expect((await t.storage.get('listings', listing.id))!.version).toBe(4);
  });
});

describe('properties', () => {
  it('creates, updates and deletes a property', async () => {
    const { propertyType: _type, status: _status, ...body } = propertyBody();
    const created = await t.request({ method: 'POST', url: '/api/properties', token: t.adminToken, json: body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ propertyType: 'SINGLE_FAMILY', status: 'AVAILABLE' });
    const id = created.json().id;
    const updated = await t.request({
      method: 'PUT',
      url: `/api/properties/${id}`,
      token: t.adminToken,
      json: { status: 'OFF_MARKET', price: 499999.5 },
    });
    expect(updated.json()).toMatchObject({ status: 'OFF_MARKET', price: 499999.5, version: 2 });
    expect((await t.request({ method: 'DELETE', url: `/api/properties/${id}`, token: t.adminToken })).statusCode).toBe(
      204,
    );
    expect(await t.storage.count('properties')).toBe(0);
  });

  it.each([
    ['title missing', { title: ' ' }, 'title', 'Property Title is required'],
    ['address missing', { address: '' }, 'address', 'Address is required'],
    ['city missing', { city: '' }, 'city', 'City is required'],
    ['state missing', { state: '' }, 'state', 'State is required'],
    ['ZIP missing', { zipCode: '' }, 'zipCode', 'ZIP Code is required'],
    ['ZIP malformed', { zipCode: '7700' }, 'zipCode', 'Use a 5-digit ZIP Code'],
    ['price missing', { price: undefined }, 'price', 'Must be a number'],
    ['negative price', { price: -1 }, 'price', 'Must be 0 or more'],
    ['price over the cap', { price: 1e13 }, 'price', 'Must be at most 1,000,000,000,000'],
    ['unknown type', { propertyType: 'IGLOO' }, 'propertyType', expect.any(String)],
  ])('refuses %s with 400 and stores nothing', async (_case, overrides, path, message) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: t.adminToken,
      json: propertyBody(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
    expect(await t.storage.count('properties')).toBe(0);
  });
});

describe('audit trail', () => {
  it('records who created, updated and deleted what', async () => {
    const community = await createCommunity();
    await t.request({
      method: 'PUT',
      url: `/api/communities/${community.id}`,
      token: t.adminToken,
      json: { totalHomes: 5 },
    });
    await t.request({ method: 'DELETE', url: `/api/communities/${community.id}`, token: t.adminToken });
    const audit = await t.request({ method: 'GET', url: '/api/audit', token: t.superToken });
    const actions = audit
      .json()
      .entries.map((entry: { action: string; actorEmail: string; entityId: string }) => [
        entry.action,
        entry.actorEmail,
        entry.entityId,
      ]);
    expect(actions.slice(0, 3)).toEqual([
      ['community.delete', t.admin.email, community.id],
      ['community.update', t.admin.email, community.id],
      ['community.create', t.admin.email, community.id],
    ]);
  });
});

describe('DELETE with the JSON content type of SPEC §7 and no body', () => {
  // A client that sets `content-type: application/json` on every call (as SPEC §7 describes the API) sends it on
  // DELETEs too, whose payload is "none": Fastify's parser refused that with a 400 and deleted nothing.
  it('deletes a community, a listing, a property, a lead and an admin user', async () => {
    const community = await createCommunity();
    const other = await createCommunity({ name: 'Stonecreek Estates' });
    const listing = (
      await t.request({ method: 'POST', url: '/api/listings', token: t.adminToken, json: listingBody(other.id) })
    ).json();
    const property = (
      await t.request({ method: 'POST', url: '/api/properties', token: t.adminToken, json: propertyBody() })
    ).json();
    const lead = (
      await t.request({ method: 'POST', url: '/api/contacts', token: t.adminToken, json: contactBody() })
    ).json();
    const user = (
      await t.request({
        method: 'POST',
        url: '/api/admin/users',
        token: t.superToken,
        json: { email: 'leaving@example.com', password: 'agent-password' },
      })
    ).json();
    const targets = [
      [`/api/communities/${community.id}`, t.adminToken, 204],
      [`/api/listings/${listing.id}`, t.adminToken, 204],
      [`/api/properties/${property.id}`, t.adminToken, 204],
      [`/api/contacts/${lead.id}`, t.adminToken, 204],
      // SPEC §7: the admin user's delete answers its success message.
      [`/api/admin/users/${user.id}`, t.superToken, 200],
    ] as const;
    for (const [url, token, status] of targets) {
      const response = await t.request({
        method: 'DELETE',
        url,
        token,
        headers: { 'content-type': 'application/json', 'content-length': '0' },
      });
      expect({ url, status: response.statusCode }).toEqual({ url, status });
    }
    expect(await t.storage.get('communities', community.id)).toBeUndefined();
    expect(await t.storage.get('listings', listing.id)).toBeUndefined();
    expect(await t.storage.get('properties', property.id)).toBeUndefined();
    expect(await t.storage.get('contacts', lead.id)).toBeUndefined();
    expect((await t.storage.get('adminUsers', user.id))?.isActive ?? false).toBe(false);
  });

  it('still refuses an empty JSON body where a body is needed, with a message saying so', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      headers: { 'content-type': 'application/json', 'content-length': '0' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/empty/i);
    expect(await t.storage.list('communities')).toEqual([]);
  });
});
