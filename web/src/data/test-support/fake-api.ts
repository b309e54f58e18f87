/**
 * Test support: a real HTTP server on 127.0.0.1 that plays the API, so the data layer's tests go through ky,
 * fetch and sockets as the browser does. A handler answers each request, or makes it fail the ways a phone's
 * network does: 'drop' (the connection dies after the server got the request: the answer is lost), 'cut' (a 200's
 * headers and the start of its body arrive, then the connection dies) and 'hang' (no answer: the client times out).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { communityListQuerySchema, toCommunityListItem, type Community } from '@domain/schemas/community';

export interface RecordedRequest {
  method: string;
  /** The path after /api, without the leading slash, with the query (e.g. 'public/listings?communityId=x'). */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export type FakeAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string>; raw?: string }
  | 'drop'
  | 'cut'
  | 'hang';
export type FakeHandler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  /** http://127.0.0.1:PORT/api */
  baseUrl: string;
  requests: RecordedRequest[];
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeApi(handler: FakeHandler = () => ({ status: 404, body: { error: 'Not found' } })) {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: (req.url ?? '/').replace(/^\/api\/?/, ''),
          headers: req.headers,
          body: text ? JSON.parse(text) : undefined,
        };
        requests.push(recorded);
        const answer = await current(recorded);
        if (answer === 'hang') return;
        if (answer === 'drop') {
          req.socket.destroy();
          return;
        }
        if (answer === 'cut') {
          // Promises 1,000 bytes, sends a few, and closes: the client has the status but never the whole body.
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"valid":true,"adm', () => setTimeout(() => req.socket.destroy(), 20));
          return;
        }
        const headers: Record<string, string> = { ...answer.headers };
        if (answer.body !== undefined) headers['content-type'] = 'application/json';
        res.writeHead(answer.status, headers);
        // `raw`: bytes as given (with the headers given), like a page from something that is not the API.
        res.end(answer.raw ?? (answer.body === undefined ? undefined : JSON.stringify(answer.body)));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const api: FakeApi = {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    handle: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

/** A base URL where nothing listens: every request fails to connect, like a phone without signal. */
export async function unreachableBaseUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}

/**
 * What the real server answers to `GET public/communities?...` (api/routes/public.ts) for these records: a page
 * of list items, or of whole records with view=full; 400 for a query the server refuses.
 */
export function communityListAnswer(communities: readonly Community[], requestPath: string): FakeAnswer {
  const query = communityListQuerySchema.safeParse(
    Object.fromEntries(new URL(requestPath, 'http://x/').searchParams.entries()),
  );
  if (!query.success) return { status: 400, body: { error: 'Invalid query' } };
  const { view, offset, limit } = query.data;
  const page = communities.slice(offset, offset + limit);
  return { status: 200, body: view === 'full' ? page : page.map(toCommunityListItem) };
}
