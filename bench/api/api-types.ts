/**
 * bench:api's targets and types: the DESIGN §7 targets, the options of runApiBench, and the shape of the result
 * written to bench/results/api.json (endpoint rows, scale rows, paired runs, settings and environment).
 */
import type { MachineEnvironment } from '../support/machine';
import type { GeneratedData } from './generate-data';

// ---- targets (DESIGN §7) -------------------------------------------------------------------------------------
export const TARGETS = {
  readRatio: 10,
  readP99Ms: 20,
  contactRatio: 5,
  scaleCostRatio: 1.5,
} as const;

// ---- types ---------------------------------------------------------------------------------------------------
export type EndpointKey = 'communities' | 'listingsByCommunity' | 'listingById' | 'contactPost';
export type Verdict = 'PASS' | 'FAIL' | 'n/a';

export interface Measurement {
  /** Reads (wrk): answers over seconds. Writes: the mean of autocannon's per-second samples (its Req/Sec Avg). */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /** 2xx answers in the measured run. */
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationSec: number;
}

export interface EndpointRow {
  endpoint: EndpointKey;
  label: string;
  scale: number;
  ours: Measurement;
  jsonServer: Measurement;
  /** ours req/s ÷ json-server req/s. */
  ratio: number;
  /**
   * json-server completed no request during its run (each answer took longer than the run): `ratio` is then a
   * lower bound, ours req/s × run seconds (json-server managed less than one answer per run).
   */
  ratioIsLowerBound: boolean;
  target: string;
  verdict: Verdict;
  /** Why the verdict failed (empty when it passed). */
  reasons: string[];
  /**
   * Reads only: a bare node:http server answering the same bytes, measured by the same client on the same
   * machine — the most this harness can measure for that payload. Absent when the calibration is off.
   */
  ceiling?: Measurement;
  /** What limits the reading (e.g. the ceiling is below 10× json-server, so the target cannot be shown here). */
  caveats: string[];
}

/** Runs on the two scales' servers interleaved A-B-B-A, so machine load drifts affect both sides alike. */
export interface PairedMeasurement {
  order: string;
  secondsPerRun: number;
  from: { reqPerSec: number; meanMs: number; ok: number; problems: number };
  to: { reqPerSec: number; meanMs: number; ok: number; problems: number };
}

export interface ScaleRow {
  endpoint: EndpointKey;
  label: string;
  fromScale: number;
  toScale: number;
  /**
   * Verdict metric: ours mean latency at toScale ÷ at fromScale (at a fixed 50 connections), from the paired
   * runs when they ran, else from the main table.
   */
  oursMeanLatencyRatio: number;
  /** For reference: ours req/s at fromScale ÷ at toScale (1/req/s as the cost), same source. */
  oursThroughputCostRatio: number;
  /** The same ratio from the main table (runs minutes apart, so more exposed to load changes). */
  sequentialMeanLatencyRatio: number;
  paired?: PairedMeasurement;
  jsonServerMeanLatencyRatio: number;
  target: string;
  verdict: Verdict;
  reasons: string[];
}

export interface ApiBenchResult {
  startedAt: string;
  finishedAt: string;
  /** The machine (Node, OS, CPUs, load average at start and end) and the client and json-server versions. */
  environment: MachineEnvironment & {
    autocannon: string;
    /** The reads' load generator (bench/support/wrk.ts); the writes stay on autocannon. */
    wrk?: string;
    jsonServer: string;
  };
  settings: {
    connections: number;
    warmupSeconds: number;
    durationSeconds: Record<string, number>;
    /** Measured runs per server and endpoint, alternating the servers; the median one is reported. */
    rounds: number;
    scales: number[];
    pairedSeconds: number;
    /** Sent with every request; '' = none. */
    acceptEncoding: string;
    /** Our server's storage. */
    storage: BenchStorage;
    /** PostgreSQL mode: the server's version and the settings that decide a write's cost. */
    postgres?: string;
  };
  datasets: Array<{ scale: number; counts: GeneratedData['counts'] }>;
  rows: EndpointRow[];
  scaleRows: ScaleRow[];
  /** Acknowledged contact POSTs found in our storage after the server stopped (durability spot check). */
  persistenceChecks: Array<{ scale: number; acknowledged: number; stored: number; ok: boolean }>;
  notes: string[];
}

export interface ApiBenchOptions {
  scales?: number[];
  /** Seconds per measured run, by scale (default 10 s at 1×, 8 s at larger scales). */
  durationSeconds?: (scale: number) => number;
  warmupSeconds?: number;
  connections?: number;
  endpoints?: EndpointKey[];
  /** Where the data sets live; default a fresh temp folder, removed at the end unless keepData. */
  workDir?: string;
  keepData?: boolean;
  /** When set, our server runs with --cpu-prof and writes its profiles here (one per scale). */
  cpuProfileDir?: string;
  /** Accept-Encoding sent with every request (default BROWSER_ACCEPT_ENCODING; '' sends none). */
  acceptEncoding?: string;
  /**
   * Runs per server and endpoint, alternating ours and json-server (default 3); each figure is the run with the
   * median req/s, so its latencies belong to the same run. Errors of any run still fail the row.
   */
  rounds?: number;
  /** Measure the harness ceiling for each read (a bare node:http server, same payload); default true. */
  ceiling?: boolean;
  /**
   * Seconds per run of the paired scale check (GET by id and POST on the 1× and 100× servers interleaved
   * A-B-B-A after the main runs); 0 turns it off. Default 3.
   */
  pairedSeconds?: number;
  /** Where api.json and api.md go (default bench/results); null to skip writing. */
  resultsDir?: string | null;
  log?: (line: string) => void;
  /**
   * Our server's storage: 'file' (the default of npm start) or 'postgres' (a throwaway PostgreSQL cluster with its
   * durable defaults, started by the bench; each scale's records imported into its own database). Results of the
   * PostgreSQL mode go to api-postgres.{json,md}.
   */
  storage?: BenchStorage;
}

export type BenchStorage = 'file' | 'postgres';
