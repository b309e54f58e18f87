/**
 * bench:api's endpoints: for each measured endpoint the request list a load run cycles through on ours and on
 * json-server (its own routes), the sample path of the calibration payload, and the contact bodies of the POSTs.
 */
import { randomUUID } from 'node:crypto';
import type { RequestSpec } from 'autocannon';
import { PUBLIC_LIST_PAGE_SIZE } from '../../domain/constants';
import type { EndpointKey } from './api-types';
import type { GeneratedData } from './generate-data';

export interface EndpointSpec {
  key: EndpointKey;
  label: string;
  kind: 'read' | 'write';
  /** Reads: the path of one typical request on our server (its answer is the calibration payload). */
  samplePath?: (data: GeneratedData) => string;
  /** A fresh request list (own counters) for one load run (GETs: wrk walks their paths; POSTs: autocannon). */
  requests: (server: 'ours' | 'json-server', data: GeneratedData) => RequestSpec[];
}

/**
 * One GET per value, which the load run walks round-robin (wrk, bench/support/wrk.ts). Each is a plain prebuilt
 * path: when autocannon drove the reads, a setupRequest callback that rebuilt the request on every send capped the
 * fast server's figure on two shared cores (16-19k req/s against 25-31k with prebuilt requests).
 *
 * The list is shuffled (the same seeded order for both servers): in data order, a short run would ask for the
 * first records far more often than the last, which a server that scans its array (json-server) finds at once.
 */
function rotating(pathFor: (value: string) => string, values: string[]): RequestSpec[] {
  // At most MAX_DISTINCT_REQUESTS of them, a seeded random sample: it keeps an array scan's average position at
  // the middle of the data, and the same sample as the runs recorded before the reads moved to wrk.
  return seededShuffle(values)
    .slice(0, MAX_DISTINCT_REQUESTS)
    .map((value) => ({ method: 'GET', path: pathFor(value) }));
}

const MAX_DISTINCT_REQUESTS = 500;

/** Fisher-Yates with a fixed-seed mulberry32, so every run and both servers see the same order. */
export function seededShuffle<T>(values: readonly T[], seed = 0x5eed): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffled = [...values];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  return shuffled;
}

let postSequence = 0;
const runTag = randomUUID().slice(0, 8);

function contactBody(communityId: string): string {
  postSequence += 1;
  return JSON.stringify({
    name: 'Bench Visitor',
    email: `bench-${runTag}-${postSequence}@example.com`,
    phone: '(713) 555-0100',
    message: 'We are moving to Houston next spring and would like to hear about homes in this community.',
    interest: 'buying',
    communityId,
    // A person's pace: below 2000 ms our server would store it as spam (still a 201, still written).
    fillTimeMs: 10_000,
  });
}

export const ENDPOINTS: EndpointSpec[] = [
  {
    key: 'communities',
    label: 'GET /api/public/communities',
    kind: 'read',
    samplePath: () => '/api/public/communities',
    // Ours answers its first page of whole records (PUBLIC_LIST_PAGE_SIZE); json-server is asked for the same
    // page (`_limit`): at 1× both hold every community.
    requests: (server) => [
      {
        method: 'GET',
        path: server === 'ours' ? '/api/public/communities' : `/communities?_limit=${PUBLIC_LIST_PAGE_SIZE}`,
      },
    ],
  },
  {
    key: 'listingsByCommunity',
    label: 'GET /api/public/listings?communityId=…',
    kind: 'read',
    samplePath: (data) => `/api/public/listings?communityId=${data.communityIds[0]}`,
    requests: (server, data) =>
      rotating(
        (id) => (server === 'ours' ? `/api/public/listings?communityId=${id}` : `/listings?communityId=${id}`),
        data.communityIds,
      ),
  },
  {
    key: 'listingById',
    label: 'GET /api/public/listings/{id}',
    kind: 'read',
    samplePath: (data) => `/api/public/listings/${data.listingIds[0]}`,
    requests: (server, data) =>
      rotating((id) => (server === 'ours' ? `/api/public/listings/${id}` : `/listings/${id}`), data.listingIds),
  },
  {
    key: 'contactPost',
    label: 'POST /api/public/contacts',
    kind: 'write',
    requests: (server, data) => {
      let next = 0;
      return [
        {
          method: 'POST',
          path: server === 'ours' ? '/api/public/contacts' : '/contacts',
          headers: { 'content-type': 'application/json' },
          body: contactBody(data.communityIds[0]!),
          setupRequest: (request) => {
            const communityId = data.communityIds[next]!;
            next = (next + 1) % data.communityIds.length;
            return { ...request, body: contactBody(communityId) };
          },
        },
      ];
    },
  },
];

/** The endpoints of the 100×-vs-1× cost rows and the paired scale check. */
export const SCALE_CHECK_ENDPOINTS = ['listingById', 'contactPost'] as const;
