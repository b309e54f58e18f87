/**
 * bench:load's traffic: the request of each kind (reads spread over the data, contact posts, admin property
 * writes with the token), and the mixed autocannon run that counts answers per kind, collects the ids answered
 * 201 and samples the server's RSS every second.
 */
import { randomUUID } from 'node:crypto';
import autocannon, { type AutocannonRequest, type Result } from 'autocannon';
import type { WriteIds } from './load-api';
import { rssKib } from './load-server';
import { CONNECTIONS, DURATION_SECONDS, KINDS, pickKind, WARMUP_SECONDS, type Kind } from './load-settings';

export interface KindCounts {
  requests: number;
  statusCodes: Record<string, number>;
}

/** A request builder for the mix: each call numbers the next request (ids, e-mail addresses, prices). */
function requestBuilder(communities: { id: string }[], listings: { id: string }[], token: string) {
  const runTag = randomUUID().slice(0, 8);
  let sequence = 0;
  return (kind: Kind, request: AutocannonRequest): AutocannonRequest => {
    sequence += 1;
    switch (kind) {
      case 'communities':
        return { ...request, method: 'GET', path: '/api/public/communities', headers: {}, body: undefined };
      case 'listingsByCommunity':
        return {
          ...request,
          method: 'GET',
          path: `/api/public/listings?communityId=${communities[sequence % communities.length]!.id}`,
          headers: {},
          body: undefined,
        };
      case 'listingById':
        return {
          ...request,
          method: 'GET',
          path: `/api/public/listings/${listings[sequence % listings.length]!.id}`,
          headers: {},
          body: undefined,
        };
      case 'contactPost':
        return {
          ...request,
          method: 'POST',
          path: '/api/public/contacts',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Load Visitor',
            email: `load-${runTag}-${sequence}@example.com`,
            message: 'We are moving to Houston and would like to hear about homes in this community.',
            interest: 'buying',
            communityId: communities[sequence % communities.length]!.id,
            fillTimeMs: 10_000,
          }),
        };
      case 'adminWrite':
        return {
          ...request,
          method: 'POST',
          path: '/api/properties',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            title: `Load test home ${runTag}-${sequence}`,
            address: `${sequence} Load Lane`,
            city: 'Houston',
            state: 'TX',
            zipCode: '77008',
            price: 400_000 + sequence,
            bedrooms: 3,
            bathrooms: 2,
            squareFeet: 1900,
            propertyType: 'SINGLE_FAMILY',
            status: 'AVAILABLE',
          }),
        };
    }
  };
}

export interface MixedLoad {
  result: Result;
  counts: Record<Kind, KindCounts>;
  acknowledged: WriteIds;
  rssSamples: { atSeconds: number; rssKib: number }[];
  warmupRss: number;
  endRss: number;
}

/** DURATION_SECONDS of the mix on CONNECTIONS connections against `base`, the server being process `pid`. */
export async function runMixedLoad(
  base: string,
  pid: number,
  dataDir: string,
  data: { communities: { id: string }[]; listings: { id: string }[]; token: string },
): Promise<MixedLoad> {
  const counts = Object.fromEntries(KINDS.map((kind) => [kind, { requests: 0, statusCodes: {} }])) as Record<
    Kind,
    KindCounts
  >;
  const acknowledged = { contacts: new Set<string>(), properties: new Set<string>() };
  const requestFor = requestBuilder(data.communities, data.listings, data.token);

  // RSS every second from the start of the load; the warm-up and end figures are read from this series.
  const rssSamples: { atSeconds: number; rssKib: number }[] = [];
  const loadStartedAt = Date.now();
  const sampleRss = () =>
    rssSamples.push({ atSeconds: Math.round((Date.now() - loadStartedAt) / 100) / 10, rssKib: rssKib(pid) });
  sampleRss();
  const sampler = setInterval(sampleRss, 1000);
  let warmupRss: number | undefined;
  const warmupTimer = setTimeout(() => {
    warmupRss = rssKib(pid);
  }, WARMUP_SECONDS * 1000);

  console.log(
    `load: ${DURATION_SECONDS} s, ${CONNECTIONS} connections against ${base} (server pid ${pid}, data ${dataDir})`,
  );
  const result: Result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        path: '/api/public/communities',
        setupRequest: (request, context) => {
          const kind = pickKind(Math.random());
          context.kind = kind;
          counts[kind].requests += 1;
          return requestFor(kind, request);
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          const kind = context.kind as Kind;
          counts[kind].statusCodes[status] = (counts[kind].statusCodes[status] ?? 0) + 1;
          if (status !== 201) return;
          const id = (JSON.parse(body) as { id: string }).id;
          if (kind === 'contactPost') acknowledged.contacts.add(id);
          if (kind === 'adminWrite') acknowledged.properties.add(id);
        },
      },
    ],
  });
  const endRss = rssKib(pid);
  clearInterval(sampler);
  clearTimeout(warmupTimer);
  sampleRss();
  warmupRss ??= rssSamples[0]!.rssKib;
  return { result, counts, acknowledged, rssSamples, warmupRss, endRss };
}
