/** bench:pages reads wrk's report: the figures the budgets are judged on must come out right. */
import { describe, expect, it } from 'vitest';
import { parseWrk } from './bench-pages';

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
  it('reads req/s, the p99 in ms, non-2xx answers and socket errors', () => {
    expect(parseWrk(REPORT)).toEqual({ reqPerSec: 20220.83, p99Ms: 4.54, non2xx: 7, errors: 3 });
  });

  it('converts the p99 from us and s', () => {
    expect(parseWrk(REPORT.replace('4.54ms', '950.00us')).p99Ms).toBeCloseTo(0.95);
    expect(parseWrk(REPORT.replace('4.54ms', '1.20s')).p99Ms).toBe(1200);
  });

  it('refuses a report it cannot read instead of inventing figures', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:3999 Connection refused')).toThrow(/cannot read/);
  });
});
