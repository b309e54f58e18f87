/**
 * `npm run bench:load` — issue 6 item 2: 60 s of mixed traffic against the production server on 127.0.0.1.
 *
 * Traffic (100 connections, autocannon): 90 % public reads spread over the three public GET endpoints (the
 * community list, listings of a community, a listing by id), 8 % public contact posts, 2 % admin writes with a
 * token (new properties). The server runs as `npm start` runs it (api/server.ts, file storage) on a temporary
 * DATA_DIR with the rate limits off (LOGIN_RATE_LIMIT=0 CONTACT_RATE_LIMIT=0: the load comes from one IP).
 *
 * Verdicts:
 * - no 5xx (status counts per kind of request; socket errors and timeouts are reported too);
 * - every acknowledged write is there afterwards: the ids answered 201 are counted and looked up through the API
 *   after the run, and again after a restart of the server on the same folder (so "there" means on disk);
 * - memory steady: VmRSS of the server process (from /proc/<pid>/status) at the end ≤ 1.5 × VmRSS after a 10 s
 *   warm-up (sampled every second; the series is kept in the result).
 *
 * Prints a table and writes bench/results/load.json. LOAD_SECONDS shortens the run (default 60; the warm-up is
 * then min(10, a third of the run)). Exits 0 even when a verdict fails (it is a report); a crash exits 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest, type Result } from 'autocannon';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '..', '..');
const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');
const HOST = '127.0.0.1';
const ADMIN_EMAIL = 'load@example.com';
const ADMIN_PASSWORD = 'load-bench-password-1';

const DURATION_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Math.min(10, Math.max(1, Math.floor(DURATION_SECONDS / 3)));
const CONNECTIONS = 100;
const RSS_BUDGET_RATIO = 1.5;

if (!Number.isFinite(DURATION_SECONDS) || DURATION_SECONDS < 3) {
  console.error('LOAD_SECONDS must be a number of seconds, at least 3');
  process.exit(1);
}

type Kind = 'communities' | 'listingsByCommunity' | 'listingById' | 'contactPost' | 'adminWrite';
const KINDS: Kind[] = ['communities', 'listingsByCommunity', 'listingById', 'contactPost', 'adminWrite'];
const KIND_LABELS: Record<Kind, string> = {
  communities: 'GET /api/public/communities',
  listingsByCommunity: 'GET /api/public/listings?communityId=…',
  listingById: 'GET /api/public/listings/{id}',
  contactPost: 'POST /api/public/contacts',
  adminWrite: 'POST /api/properties (token)',
};

/** 90 % reads (30 % each), 8 % contact posts, 2 % admin writes. */
function pickKind(roll: number): Kind {
  if (roll < 0.3) return 'communities';
  if (roll < 0.6) return 'listingsByCommunity';
  if (roll < 0.9) return 'listingById';
  if (roll < 0.98) return 'contactPost';
  return 'adminWrite';
}

// ---- the server ----------------------------------------------------------------------------------------------

/** Every server started here, so an error or Ctrl-C never leaves one running. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startServer(dataDir: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STORAGE: 'file',
      LOGIN_RATE_LIMIT: '0',
      CONTACT_RATE_LIMIT: '0',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_MODE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let text = '';
  const add = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${text}`)), 60_000);
    const onData = () => {
      const match = /listening on (http:\/\/[^\s]+)/.exec(text);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited during start (${code ?? signal}):\n${text}`));
    });
  });
  return { child, url, output: () => text };
}

/** SIGTERM (the server flushes and exits 0), SIGKILL after 15 s. Resolves with the exit code. */
async function stopServer(server: RunningServer): Promise<number | null> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/** Resident memory of a process in KiB, from /proc (Linux). */
function rssKib(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}

// ---- API helpers ---------------------------------------------------------------------------------------------

async function api<T>(base: string, pathname: string, init: RequestInit = {}, token?: string): Promise<T> {
  const response = await fetch(`${base}${pathname}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

async function login(base: string): Promise<string> {
  const body = await api<{ token: string }>(base, '/api/admin/login', {
    method: 'POST',
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return body.token;
}

/** Every stored lead id, whatever its status (the inbox leaves SPAM out unless asked for it). */
async function storedContactIds(base: string, token: string): Promise<Set<string>> {
  const [inbox, spam] = await Promise.all([
    api<{ id: string }[]>(base, '/api/contacts', {}, token),
    api<{ id: string }[]>(base, '/api/contacts?status=SPAM', {}, token),
  ]);
  return new Set([...inbox, ...spam].map((lead) => lead.id));
}

async function storedPropertyIds(base: string, token: string): Promise<Set<string>> {
  return new Set((await api<{ id: string }[]>(base, '/api/properties', {}, token)).map((property) => property.id));
}

// ---- the run -------------------------------------------------------------------------------------------------

interface KindCounts {
  requests: number;
  statusCodes: Record<string, number>;
}

interface PresenceCheck {
  when: string;
  contacts: { acknowledged: number; stored: number; missing: number };
  properties: { acknowledged: number; stored: number; missing: number };
}

function presence(
  when: string,
  acked: { contacts: Set<string>; properties: Set<string> },
  stored: { contacts: Set<string>; properties: Set<string> },
): PresenceCheck {
  const count = (ids: Set<string>, inStore: Set<string>) => {
    const found = [...ids].filter((id) => inStore.has(id)).length;
    return { acknowledged: ids.size, stored: found, missing: ids.size - found };
  };
  return {
    when,
    contacts: count(acked.contacts, stored.contacts),
    properties: count(acked.properties, stored.properties),
  };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hc-bench-load-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer(dataDir);
    const base = server.url;
    const token = await login(base);
    const communities = await api<{ id: string }[]>(base, '/api/public/communities');
    const listings = await api<{ id: string }[]>(base, '/api/public/listings');
    if (communities.length === 0 || listings.length === 0)
      throw new Error('the example data has no communities or listings');
    const contactsBefore = await storedContactIds(base, token);
    const propertiesBefore = await storedPropertyIds(base, token);

    const counts = Object.fromEntries(KINDS.map((kind) => [kind, { requests: 0, statusCodes: {} }])) as Record<
      Kind,
      KindCounts
    >;
    const acknowledged = { contacts: new Set<string>(), properties: new Set<string>() };
    const runTag = randomUUID().slice(0, 8);
    let sequence = 0;

    const requestFor = (kind: Kind, request: AutocannonRequest): AutocannonRequest => {
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

    // RSS every second from the start of the load; the warm-up and end figures are read from this series.
    const rssSamples: { atSeconds: number; rssKib: number }[] = [];
    const loadStartedAt = Date.now();
    const pid = server.child.pid!;
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

    // Acknowledged writes, through the API: now, and after a restart on the same folder (i.e. from the disk).
    const stored = async (at: string) => {
      const adminToken = await login(server!.url);
      const contacts = await storedContactIds(server!.url, adminToken);
      const properties = await storedPropertyIds(server!.url, adminToken);
      return { at, contacts, properties };
    };
    const checks: PresenceCheck[] = [];
    const afterRun = await stored('after the run');
    checks.push(presence(afterRun.at, acknowledged, afterRun));
    const stopCode = await stopServer(server);
    server = await startServer(dataDir);
    const afterRestart = await stored('after a restart');
    checks.push(presence(afterRestart.at, acknowledged, afterRestart));
    // Writes sent but never answered (in flight when the run stopped, or timed out) may or may not be stored;
    // more stored than sent would mean something appeared that nobody wrote.
    const unanswered = (kind: Kind) =>
      counts[kind].requests - Object.values(counts[kind].statusCodes).reduce((sum, count) => sum + count, 0);
    const storedWithoutAnswer = {
      contacts: afterRestart.contacts.size - contactsBefore.size - acknowledged.contacts.size,
      properties: afterRestart.properties.size - propertiesBefore.size - acknowledged.properties.size,
      unansweredContactPosts: unanswered('contactPost'),
      unansweredAdminWrites: unanswered('adminWrite'),
    };
    const nothingFromNowhere =
      storedWithoutAnswer.contacts <= storedWithoutAnswer.unansweredContactPosts &&
      storedWithoutAnswer.properties <= storedWithoutAnswer.unansweredAdminWrites;

    // ---- verdicts ----
    const statusCodes: Record<string, number> = {};
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = count;
    const fiveXx = Object.entries(statusCodes)
      .filter(([code]) => Number(code) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const missing = checks.reduce((sum, check) => sum + check.contacts.missing + check.properties.missing, 0);
    const rssRatio = endRss / warmupRss;
    const totalRequests = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
    const verdicts = {
      no5xx: fiveXx === 0 ? 'PASS' : 'FAIL',
      acknowledgedWritesPresent: missing === 0 && nothingFromNowhere ? 'PASS' : 'FAIL',
      memorySteady: rssRatio <= RSS_BUDGET_RATIO ? 'PASS' : 'FAIL',
    } as const;
    const reqPerSec = result.requests.average;

    const rows = [
      {
        figure: `mixed load ${DURATION_SECONDS} s, ${CONNECTIONS} connections: req/s (p99)`,
        value: `${Math.round(reqPerSec)} req/s (p99 ${result.latency.p99} ms)`,
        budget: 'report',
        verdict: 'n/a',
      },
      {
        figure: 'mixed load: 5xx answers',
        value: `${fiveXx} of ${totalRequests} (errors ${result.errors}, timeouts ${result.timeouts})`,
        budget: '0',
        verdict: verdicts.no5xx,
      },
      {
        figure: 'mixed load: acknowledged writes stored (after run / after restart)',
        value: checks
          .map(
            (check) =>
              `${check.contacts.stored + check.properties.stored}/${check.contacts.acknowledged + check.properties.acknowledged}`,
          )
          .join(' / '),
        budget: 'all',
        verdict: verdicts.acknowledgedWritesPresent,
      },
      {
        figure: `mixed load: RSS end / after ${WARMUP_SECONDS} s warm-up`,
        value: `${(endRss / 1024).toFixed(1)} MiB / ${(warmupRss / 1024).toFixed(1)} MiB = ${rssRatio.toFixed(2)}x`,
        budget: `≤ ${RSS_BUDGET_RATIO}x`,
        verdict: verdicts.memorySteady,
      },
    ];

    const output = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      environment: {
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg(),
      },
      settings: {
        durationSeconds: DURATION_SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        connections: CONNECTIONS,
        mix: '90 % public reads (3 endpoints), 8 % contact posts, 2 % admin writes',
      },
      reqPerSec,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      totalRequests,
      statusCodes,
      errors: result.errors,
      timeouts: result.timeouts,
      byKind: Object.fromEntries(KINDS.map((kind) => [kind, { label: KIND_LABELS[kind], ...counts[kind] }])),
      writes: { checks, storedWithoutAnswer, serverExitCodeOnStop: stopCode },
      rss: {
        warmupKib: warmupRss,
        endKib: endRss,
        ratio: rssRatio,
        budgetRatio: RSS_BUDGET_RATIO,
        samples: rssSamples,
      },
      verdicts,
      verdict: Object.values(verdicts).every((verdict) => verdict === 'PASS') ? 'PASS' : 'FAIL',
      rows,
    };

    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(path.join(RESULTS_DIR, 'load.json'), `${JSON.stringify(output, null, 2)}\n`);

    console.log('\nrequests by kind:');
    for (const kind of KINDS) {
      const codes = Object.entries(counts[kind].statusCodes)
        .map(([code, count]) => `${code}: ${count}`)
        .join(', ');
      console.log(`  ${KIND_LABELS[kind].padEnd(40)} ${String(counts[kind].requests).padStart(8)}  ${codes}`);
    }
    for (const check of checks) {
      console.log(
        `acknowledged writes ${check.when}: contacts ${check.contacts.stored}/${check.contacts.acknowledged}, properties ${check.properties.stored}/${check.properties.acknowledged}`,
      );
    }
    console.log(
      `sent but unanswered (in flight at the end or timed out), stored anyway: contacts ${storedWithoutAnswer.contacts} of ${storedWithoutAnswer.unansweredContactPosts}, properties ${storedWithoutAnswer.properties} of ${storedWithoutAnswer.unansweredAdminWrites}`,
    );
    console.log(`RSS samples (MiB): ${rssSamples.map((sample) => (sample.rssKib / 1024).toFixed(0)).join(' ')}`);
    console.log('\n| figure | value | budget | verdict |\n| --- | --- | --- | --- |');
    for (const row of rows) console.log(`| ${row.figure} | ${row.value} | ${row.budget} | ${row.verdict} |`);
    console.log(`\nwrote ${path.relative(REPO_ROOT, path.join(RESULTS_DIR, 'load.json'))}`);
  } finally {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => process.exit(130));
try {
  await main();
} catch (error) {
  console.error(error);
  process.exit(1);
}
