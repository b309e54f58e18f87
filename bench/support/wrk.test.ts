/** The benchmarks read wrk's report and drive it with a script: the figures budgets are judged on must come out right. */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseWrk, pathsScript, runWrk, uniqueParameterScript } from './wrk';

const REPORT = `Running 5s test @ http://127.0.0.1:3999/community/abc
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.63ms    1.02ms  31.23ms   93.02%
    Req/Sec    20.32k     1.10k   22.01k    72.00%
  Latency Distribution
     50%    2.43ms
     75%    2.66ms
     90%    3.09ms
     99%    4.54ms
  101102 requests in 5.00s, 1.29GB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 7
Requests/sec:  20220.83
Transfer/sec:    263.42MB
`;

describe('parseWrk', () => {
  it('reads req/s, the latencies in ms, the answers, non-2xx answers and socket errors', () => {
    expect(parseWrk(REPORT)).toEqual({
      reqPerSec: 20220.83,
      p50Ms: 2.43,
      p99Ms: 4.54,
      meanMs: 2.63,
      requests: 101102,
      durationSec: 5,
      non2xx: 7,
      errors: 3,
      timeouts: 1,
    });
  });

  it('converts latencies from us and s', () => {
    expect(parseWrk(REPORT.replace('4.54ms', '950.00us')).p99Ms).toBeCloseTo(0.95);
    expect(parseWrk(REPORT.replace('4.54ms', '1.20s')).p99Ms).toBe(1200);
    expect(parseWrk(REPORT.replace('2.63ms', '812.40us')).meanMs).toBeCloseTo(0.8124);
  });

  it('counts no errors when wrk prints none (a clean run has no such lines)', () => {
    const clean = REPORT.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '');
    expect(parseWrk(clean)).toMatchObject({ non2xx: 0, errors: 0, timeouts: 0 });
  });

  it('refuses a report it cannot read instead of inventing figures', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:3999 Connection refused')).toThrow(/cannot read/);
  });
});

describe('pathsScript', () => {
  it('walks the paths round-robin through wrk.format, which adds the -H headers', () => {
    const script = pathsScript(['/api/public/listings/a1', '/api/public/listings?communityId=c2']);
    expect(script).toContain('local paths = { "/api/public/listings/a1", "/api/public/listings?communityId=c2" }');
    expect(script).toContain('next_index = next_index % #paths + 1');
    expect(script).toContain('return wrk.format(nil, paths[next_index])');
  });

  it('refuses what would not be a plain Lua string or a path', () => {
    expect(() => pathsScript([])).toThrow(/empty/);
    expect(() => pathsScript(['/a"b'])).toThrow(/refusing/);
    expect(() => pathsScript(['/a\\b'])).toThrow(/refusing/);
    expect(() => pathsScript(['no-slash'])).toThrow(/refusing/);
    expect(() => pathsScript(['/with space'])).toThrow(/refusing/);
  });
});

/** Runs `test` against a real node:http server answering with `handler` on a free loopback port, then closes it. */
async function withServer(handler: RequestListener, test: (url: string) => Promise<void>): Promise<void> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await test(`http://127.0.0.1:${port}`);
  } finally {
    server.close();
  }
}

describe('uniqueParameterScript', () => {
  it('appends the parameter with a counter, after the query if there is one', () => {
    expect(uniqueParameterScript('/listing/a1', 'gclid')).toContain(
      'return wrk.format(nil, "/listing/a1?gclid=" .. counter)',
    );
    expect(uniqueParameterScript('/search?beds=3', 'gclid')).toContain('"/search?beds=3&gclid=" .. counter');
    expect(() => uniqueParameterScript('/a"b', 'gclid')).toThrow(/refusing/);
    expect(() => uniqueParameterScript('/a', 'g"')).toThrow(/refusing/);
  });
});

describe('runWrk against a real server', () => {
  it('asks for a URL never asked for before on every request with uniqueParameter', async () => {
    const seen: string[] = [];
    await withServer(
      (request, response) => {
        seen.push(request.url!);
        response.end('{}');
      },
      async (url) => {
        const figures = await runWrk({
          url: `${url}/listing/a1?utm_source=ad`,
          connections: 2,
          durationSec: 1,
          headers: {},
          uniqueParameter: 'gclid',
        });
        expect(figures.requests).toBeGreaterThan(100);
        expect(seen.every((seenUrl) => /^\/listing\/a1\?utm_source=ad&gclid=\d+$/.test(seenUrl))).toBe(true);
        expect(new Set(seen).size).toBe(seen.length);
      },
    );
  });

  it('walks every path with the headers given, and reports what the server answered', async () => {
    const seen = new Map<string, number>();
    const encodings = new Set<string | undefined>();
    const answer: RequestListener = (request, response) => {
      seen.set(request.url!, (seen.get(request.url!) ?? 0) + 1);
      encodings.add(request.headers['accept-encoding']);
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end('{}');
    };
    await withServer(answer, async (url) => {
      const figures = await runWrk({
        url,
        connections: 2,
        durationSec: 1,
        headers: { 'accept-encoding': 'br' },
        paths: ['/a', '/b', '/missing'],
      });
      expect([...seen.keys()].sort()).toEqual(['/a', '/b', '/missing']);
      const counts = [...seen.values()];
      // Round-robin: the three paths are asked for equally often (within the requests in flight at the end).
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
      expect([...encodings]).toEqual(['br']);
      expect(figures.requests).toBeGreaterThan(100);
      // wrk counts answers it received; the server also saw the requests in flight when the run ended (one per
      // connection at most).
      const missing = seen.get('/missing')!;
      expect(figures.non2xx).toBeLessThanOrEqual(missing);
      expect(figures.non2xx).toBeGreaterThanOrEqual(missing - 2);
      expect(figures.errors).toBe(0);
    });
  });

  it('asks for a single path as the URL itself, query included', async () => {
    const seen = new Set<string>();
    const answer: RequestListener = (request, response) => {
      seen.add(request.url!);
      response.end('{}');
    };
    await withServer(answer, async (url) => {
      const figures = await runWrk({
        url,
        connections: 1,
        durationSec: 1,
        headers: {},
        paths: ['/communities?_limit=100'],
      });
      expect([...seen]).toEqual(['/communities?_limit=100']);
      expect(figures.requests).toBeGreaterThan(100);
    });
  });

  it('refuses any host but the loopback address the benchmarks use', async () => {
    await expect(runWrk({ url: 'http://example.com/', connections: 1, durationSec: 1, headers: {} })).rejects.toThrow(
      /refusing to benchmark/,
    );
  });
});
