/**
 * `npm run bench:api` — the API budget of DESIGN §7, measured side by side with json-server in the same run.
 *
 * For each scale (1× = the seed, 100× = every record replicated 100 times, see generate-data.ts) it starts our
 * server (file storage, a pre-populated DATA_DIR) and json-server 0.17 (its default configuration, `--quiet`,
 * serving a db.json with the very same records), then loads 127.0.0.1 for each endpoint (wrk for the GETs, autocannon
 * for the POSTs, see api-measure.ts `runLoad`):
 * a warm-up run that is not counted, then the measured run, ours first, then json-server, endpoint by endpoint.
 *
 * json-server is called on its own routes (`/communities?_limit=100`, `/listings?communityId=…`, `/listings/:id`,
 * `POST /contacts`), not through a `--routes` rewriter, so it pays nothing extra for our URL layout. Our community
 * list answers pages of PUBLIC_LIST_PAGE_SIZE (100) whole records, so json-server is asked for the same page.
 *
 * Each endpoint is measured in rounds (default 5 of 5 s each) that alternate the two servers, and each figure is
 * the round with the median req/s: on a shared VM whose speed drifts within a minute, one run each, taken a minute
 * apart, measured the drift as much as the servers. Five, not three: one 5 s round here reads 29,000-40,000 req/s
 * for ours and 2,900-4,100 for json-server on GET by id, and a median of 3 decided its 10x verdict by chance.
 *
 * It prints req/s and p50/p99 latency per endpoint and scale with the ratio to json-server and a verdict, plus
 * the 100×-vs-1× cost rows for GET by id and the contact POST, and writes bench/results/api.{json,md}.
 * Targets that miss do not change the exit code (this is a report); a crash does.
 *
 * Also, to make the figures interpretable on a small shared machine:
 * - a calibration per read ("ceiling"): a bare node:http server answering the same bytes, same client — the most
 *   this harness can measure for that payload;
 * - a paired scale check: after the main runs both scales of our server are still up and GET by id / POST are
 *   driven on them alternately (1×, 100×, 100×, 1×), so load drift does not decide the 1.5× verdict;
 * - a durability spot check: after our server stopped, its DATA_DIR is reopened and must hold every contact
 *   that was answered 2xx.
 *
 * Options: --scales=1,100 --duration=<s per run> --rounds=5 --warmup=<s> --connections=50 --endpoints=communities,listingsByCommunity,
 * listingById,contactPost --paired=<s, 0 = off> --cpu-prof[=dir] (our server runs with --cpu-prof; summarise with
 * bench/api/profile-summary.ts) --keep (keep the generated data folders).
 *
 * Every child process is stopped at the end, also on an error or Ctrl-C.
 *
 * This file is the script entry and the module's public face; the work is in api-run.ts (the run), api-rounds.ts
 * (measurement rounds), api-measure.ts (the load runs and figures), api-endpoints.ts, api-servers.ts,
 * api-verdicts.ts, api-report.ts (notes and api.md), api-postgres.ts and api-types.ts.
 */
import path from 'node:path';
import { isMainModule, RESULTS_DIR } from '../support/paths';
import { resultsName } from './api-postgres';
import { formatMarkdown } from './api-report';
import { runApiBench } from './api-run';
import type { ApiBenchOptions, EndpointKey } from './api-types';

export { seededShuffle } from './api-endpoints';
export { BROWSER_ACCEPT_ENCODING, medianRun } from './api-measure';
export { formatMarkdown } from './api-report';
export { runApiBench } from './api-run';
export {
  TARGETS,
  type ApiBenchOptions,
  type ApiBenchResult,
  type BenchStorage,
  type EndpointKey,
  type EndpointRow,
  type Measurement,
  type PairedMeasurement,
  type ScaleRow,
  type Verdict,
} from './api-types';

function parseArgs(argv: string[]): ApiBenchOptions {
  const options: ApiBenchOptions = {};
  for (const arg of argv) {
    const [key, value = ''] = arg.replace(/^--/, '').split('=', 2) as [string, string?];
    if (key === 'scales') options.scales = value.split(',').map(Number);
    else if (key === 'duration') options.durationSeconds = () => Number(value);
    else if (key === 'warmup') options.warmupSeconds = Number(value);
    else if (key === 'rounds') options.rounds = Number(value);
    else if (key === 'connections') options.connections = Number(value);
    else if (key === 'endpoints') options.endpoints = value.split(',') as EndpointKey[];
    else if (key === 'cpu-prof') options.cpuProfileDir = path.resolve(value || path.join(RESULTS_DIR, 'cpu-profiles'));
    else if (key === 'keep') options.keepData = true;
    else if (key === 'accept-encoding') options.acceptEncoding = value;
    else if (key === 'paired') options.pairedSeconds = Number(value);
    else if (key === 'storage' && (value === 'file' || value === 'postgres')) options.storage = value;
    else
      throw new Error(
        `unknown option ${arg} (use --scales=1,100 --duration=10 --warmup=2 --connections=50 --endpoints=… --paired=3 --cpu-prof[=dir] --keep --storage=file|postgres)`,
      );
  }
  return options;
}

if (isMainModule(import.meta.url)) {
  const result = await runApiBench(parseArgs(process.argv.slice(2)));
  const markdown = formatMarkdown(result);
  console.log(`\n${markdown}`);
  const name = resultsName(result.settings.storage);
  console.log(`Results: ${path.relative(process.cwd(), path.join(RESULTS_DIR, `${name}.json`))}, ${name}.md`);
  // Verdicts are the report; the exit code stays 0 (a crash exits non-zero on its own).
}
