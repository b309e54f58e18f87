/**
 * Two real server processes (api/server.ts, STORAGE=postgres, one database) behind a real nginx doing round
 * robin, as docs/scaling.md §4 sets it up (issue 16). nginx is Debian's /usr/sbin/nginx, started by this file with
 * its own configuration, pid, logs and temp folders in a temp folder, on a free port of 127.0.0.1.
 *
 * Which instance answered: nginx itself adds `X-Upstream: $upstream_addr` to every response (test configuration
 * only). That needs nothing from the product (no instance id in its answers) and names the upstream nginx really
 * chose, which is what round robin is about.
 *
 * A machine without nginx makes this file FAIL with how to install it (never skip: CI must not go green without
 * having run it; .ci/run installs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import {
  contactForm,
  getJson,
  killAllServers,
  login,
  makeTempDir,
  removeTempDirs,
  REPO_ROOT,
  startServer,
  type LeadSummary,
  type ServerProcess,
} from './server-process';

const NGINX = '/usr/sbin/nginx';
const ADMIN = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' };

/** The test's nginx.conf: docs/scaling.md §4's upstream and location, plus the X-Upstream header. */
function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${dir}/client_body_temp;
    proxy_temp_path ${dir}/proxy_temp;
    fastcgi_temp_path ${dir}/fastcgi_temp;
    uwsgi_temp_path ${dir}/uwsgi_temp;
    scgi_temp_path ${dir}/scgi_temp;
    # Responses are small; never spill them to temp files (nginx's workers may run as another user than the test).
    proxy_max_temp_file_size 0;

    limit_conn_zone $binary_remote_addr zone=per_address:10m;

    upstream houston {
${upstreams.map((address) => `        server ${address} max_fails=2 fail_timeout=5s;`).join('\n')}
        keepalive 32;
    }

    server {
        listen 127.0.0.1:${port};
        client_max_body_size 8m;
        client_header_timeout 15s;
        client_body_timeout 15s;
        limit_conn per_address 256;

        location / {
            proxy_pass http://houston;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            # The instances trust this proxy (TRUST_PROXY=127.0.0.1): per-address limits then count visitors.
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Host $host;
            proxy_set_header X-Forwarded-Proto $scheme;
            # Without "non_idempotent", nginx never passes a POST (or PATCH) on to the other upstream once it has
            # been sent to one: a write cut off by a dead instance is answered 502, never replayed (which could
            # store it twice). A request that could not even connect is safe to pass on, and is.
            proxy_next_upstream error timeout http_502 http_503;
            proxy_next_upstream_tries 2;
            add_header X-Upstream $upstream_addr always;
        }
    }
}
`;
}

interface Nginx {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The nginx binary, or an error saying how to install it. */
function requireNginx(binary = NGINX): string {
  if (!existsSync(binary)) {
    throw new Error(
      `nginx is needed by this test and ${binary} was not found. Install it with: apt-get install -y nginx`,
    );
  }
  return binary;
}

async function startNginx(upstreams: string[]): Promise<Nginx> {
  const nginxBinary = requireNginx();
  const dir = makeTempDir('hc-nginx-');
  // Workers drop root to "nobody" when the test runs as root: they must be able to enter the folder.
  chmodSync(dir, 0o755);
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
    const child = spawn(
      nginxBinary,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    // A test process that dies before afterAll must not leave nginx running. SIGTERM, not SIGKILL: the master
    // then stops its workers too (a killed master would leave them running).
    const killAtExit = () => child.kill('SIGTERM');
    process.once('exit', killAtExit);
    const url = `http://127.0.0.1:${port}`;
    const started = Date.now();
    let ready = false;
    while (Date.now() - started < 10_000 && child.exitCode === null && child.signalCode === null) {
      try {
        const response = await fetch(`${url}/api/health`);
        await response.arrayBuffer();
        if (response.status === 200) {
          ready = true;
          break;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (ready) {
      return {
        url,
        child,
        async stop() {
          process.off('exit', killAtExit);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(timer);
        },
      };
    }
    child.kill('SIGTERM');
    await exited;
    process.off('exit', killAtExit);
    const log = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
    // Another process may have taken the port between freePort() and the start: try another one.
    if (attempt >= 2 || !/Address already in use/.test(output + log)) {
      throw new Error(`nginx did not start on ${url}:\n${output}\n${log}`);
    }
  }
}

const hostPort = (server: ServerProcess) => new URL(server.url).host;

let cluster: PostgresCluster | undefined;
let nginx: Nginx | undefined;
let a: ServerProcess;
let b: ServerProcess;
let token: string;

beforeAll(async () => {
  // The pages checked below are server-rendered from the production build; `npm test` builds it before the unit
  // tests. Without it the servers answer 404 for pages, which would read as a wrong failure.
  const built = ['dist/client/index.html', 'dist/server/entry-server.js'].every((file) =>
    existsSync(path.join(REPO_ROOT, file)),
  );
  if (!built) throw new Error('postgres-nginx.test.ts needs the production build in dist/: run npm run build first.');
  cluster = await startPostgresCluster();
  const env = {
    STORAGE: 'postgres',
    DATABASE_URL: await cluster.createDatabase('nginx'),
    CONTACT_RATE_LIMIT: '0',
    // nginx is at 127.0.0.1: its X-Forwarded-For names the visitor. The tests, also at 127.0.0.1, play several
    // visitors by sending an X-Forwarded-For of their own (which a real visitor's own header could never do, as
    // only trusted hops are read).
    TRUST_PROXY: '127.0.0.1',
    ...ADMIN,
  };
  // The first start (seed, first admin) alone, then the second instance, as docs/scaling.md §3 says.
  a = await startServer({ dataDir: makeTempDir(), env });
  b = await startServer({ dataDir: makeTempDir(), env });
  nginx = await startNginx([hostPort(a), hostPort(b)]);
  const logged = await login({ ...a, url: nginx.url }, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  expect(logged.status).toBe(200);
  token = logged.token!;
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await killAllServers();
  removeTempDirs();
  await cluster?.stop();
});

const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

describe('two server processes behind nginx (round robin) on one PostgreSQL database', () => {
  it('fails (never skips) with how to install nginx when it is missing', () => {
    expect(() => requireNginx('/nonexistent/sbin/nginx')).toThrow(/apt-get install -y nginx/);
  });

  it('nginx alternates between the two instances', async () => {
    const answered: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${nginx!.url}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', storage: 'postgres' });
      answered.push(response.headers.get('x-upstream')!);
    }
    expect(new Set(answered)).toEqual(new Set([hostPort(a), hostPort(b)]));
    // Strict round robin: never the same instance twice in a row.
    for (let i = 1; i < answered.length; i++) expect(answered[i]).not.toBe(answered[i - 1]);
  });

  it('50 concurrent If-Match updates of one community through nginx: exactly one 200, the rest 412', async () => {
    const created = await fetch(`${nginx!.url}/api/communities`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({
        name: 'Contested Through Nginx',
        location: 'Katy, TX',
        description: 'Fifty editors at once.',
        amenities: ['Pool'],
      }),
    });
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()) as { id: string; version: number };

    const responses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const response = await fetch(`${nginx!.url}/api/communities/${id}`, {
          method: 'PUT',
          headers: { ...auth(), 'if-match': `"${version}"` },
          body: JSON.stringify({ priceRange: `$${i}00s` }),
        });
        await response.arrayBuffer();
        return { status: response.status, upstream: response.headers.get('x-upstream') };
      }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(49);
    // Both instances answered some of them, and both refused some: the check held across instances.
    for (const server of [a, b]) {
      expect(responses.some((r) => r.upstream === hostPort(server) && r.status === 412)).toBe(true);
    }
  });

  it("a write through nginx is in each instance's next public read and page", async () => {
    const [community] = (await getJson<{ id: string; slug: string }[]>(`${a.url}/api/public/communities`)).body;
    const { slug, id } = community!;
    const readUrl = (server: ServerProcess) => `${server.url}/api/public/communities/${slug}`;
    const pageUrl = (server: ServerProcess) => `${server.url}/community/${slug}`;
    // Warm both instances' JSON and page caches first, so the write must invalidate them.
    for (const server of [a, b]) {
      for (let i = 0; i < 2; i++) {
        expect((await fetch(readUrl(server))).status).toBe(200);
        const page = await fetch(pageUrl(server));
        expect(page.status).toBe(200);
        await page.arrayBuffer();
      }
    }
    const current = (await getJson<{ version: number }>(readUrl(a))).body;
    const marker = `Nginxmarker${Date.now()}`;
    const saved = await fetch(`${nginx!.url}/api/communities/${id}`, {
      method: 'PUT',
      headers: { ...auth(), 'if-match': `"${current.version}"` },
      body: JSON.stringify({ description: `Rewritten through the load balancer ${marker}.` }),
    });
    expect(saved.status).toBe(200);
    const writer = saved.headers.get('x-upstream');
    const [first, second] = writer === hostPort(a) ? [a, b] : [b, a];
    expect(hostPort(first)).toBe(writer);

    const shows = async (server: ServerProcess) => {
      const read = (await getJson<{ description: string }>(readUrl(server))).body;
      const page = await (await fetch(pageUrl(server))).text();
      return { read: read.description.includes(marker), page: page.includes(marker) };
    };
    // The instance that wrote it: its very next read and page.
    expect(await shows(first)).toEqual({ read: true, page: true });
    // The other one learns of it through NOTIFY: its next read after the notification (milliseconds; the
    // adapter's 1 s timer at worst, docs/scaling.md "Limits").
    const started = Date.now();
    await vi.waitFor(async () => expect(await shows(second)).toEqual({ read: true, page: true }), {
      timeout: 3000,
      interval: 10,
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('the same Idempotency-Key sent through nginx to both instances at once: one effect, the same answer', async () => {
    const headers = { ...auth(), 'idempotency-key': `nginx-twice-${Date.now()}` };
    const name = `Sent Twice Through Nginx ${Date.now()}`;
    const body = JSON.stringify({ name, location: 'Katy, TX', description: 'One create.', amenities: ['Pool'] });
    const responses = await Promise.all(
      [0, 1].map(async () => {
        const response = await fetch(`${nginx!.url}/api/communities`, { method: 'POST', headers, body });
        return {
          status: response.status,
          upstream: response.headers.get('x-upstream'),
          replayed: response.headers.get('idempotent-replayed'),
          body: (await response.json()) as { id: string },
        };
      }),
    );
    // Round robin sent one to each instance.
    expect(new Set(responses.map((response) => response.upstream))).toEqual(new Set([hostPort(a), hostPort(b)]));
    expect(responses.map((response) => response.status)).toEqual([201, 201]);
    expect(responses[1]!.body).toEqual(responses[0]!.body);
    expect(responses.map((response) => response.replayed).sort()).toEqual(['true', null].sort());
    for (const server of [a, b]) {
      await vi.waitFor(
        async () => {
          const all = (await getJson<{ name: string }[]>(`${server.url}/api/public/communities`)).body;
          expect(all.filter((community) => community.name === name)).toHaveLength(1);
        },
        { timeout: 3000, interval: 20 },
      );
    }
  });

  it('a login limit is reached across both instances: 10 failures from one visitor, then 429 on either', async () => {
    const visitor = { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' };
    const wrong = JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: 'not-the-password' });
    const attempts: { status: number; upstream: string | null }[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${nginx!.url}/api/admin/login`, { method: 'POST', headers: visitor, body: wrong });
      await response.arrayBuffer();
      attempts.push({ status: response.status, upstream: response.headers.get('x-upstream') });
    }
    // LOGIN_RATE_LIMIT's default, 10 failures per address, over both instances together (5 on each): with counts
    // per instance this visitor would get 20.
    expect(attempts.map((attempt) => attempt.status)).toEqual([...Array(10).fill(401), 429, 429]);
    expect(new Set(attempts.slice(0, 10).map((attempt) => attempt.upstream)).size).toBe(2);
    expect(new Set(attempts.slice(10).map((attempt) => attempt.upstream)).size).toBe(2);
    // The owner, signing in from another address, is not locked out by this visitor's failures.
    const owner = await fetch(`${nginx!.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.20' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(owner.status).toBe(200);
  });

  it('SIGKILL of one instance during 100 contact POSTs through nginx: every acknowledged lead stored once', async () => {
    const run = `${process.pid}-${Date.now()}`;
    const acknowledged = new Map<string, { id: string; upstream: string | null }>();
    const otherStatuses: number[] = [];
    let killedAt = -1;
    let inFlight = 0;
    let inFlightAtKill = 0;
    let next = 0;
    const killed = b.exited;

    async function lane(): Promise<void> {
      while (next < 100) {
        const n = next++;
        const email = `burst${n}-${run}@nginx.test`;
        inFlight++;
        const response = await fetch(`${nginx!.url}/api/public/contacts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(contactForm(email, { name: `Burst ${n}` })),
        }).finally(() => inFlight--);
        if (response.status === 201) {
          const body = (await response.json()) as { id: string };
          acknowledged.set(email, { id: body.id, upstream: response.headers.get('x-upstream') });
          // Kill B once a quarter of the burst is acknowledged, with the other lanes' requests in flight.
          if (acknowledged.size === 25 && killedAt < 0) {
            killedAt = acknowledged.size;
            inFlightAtKill = inFlight;
            b.child.kill('SIGKILL');
          }
        } else {
          otherStatuses.push(response.status);
          await response.arrayBuffer();
        }
      }
    }
    await Promise.all(Array.from({ length: 10 }, () => lane()));
    const exit = await killed;

    expect(exit.signal).toBe('SIGKILL');
    expect(killedAt).toBe(25);
    // The kill really happened mid-burst: the other lanes had requests outstanding.
    expect(inFlightAtKill).toBeGreaterThan(0);
    // Requests cut off inside B are answered 502 (never replayed on A); nothing else goes wrong.
    expect(
      otherStatuses.filter((status) => status !== 502),
      JSON.stringify(otherStatuses),
    ).toEqual([]);
    expect(acknowledged.size + otherStatuses.length).toBe(100);
    // B acknowledged some before dying, and A went on acknowledging after the kill.
    const byUpstream = (server: ServerProcess) =>
      [...acknowledged.values()].filter((v) => v.upstream === hostPort(server));
    expect(byUpstream(b).length).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThan(killedAt);

    // Read through the survivor: every acknowledged lead (including B's, committed before its 201) exactly once.
    const burstLeads = async () =>
      (await getJson<LeadSummary[]>(`${a.url}/api/contacts`, token)).body.filter((lead) =>
        lead.email.endsWith(`-${run}@nginx.test`),
      );
    await vi.waitFor(
      async () => {
        const emails = new Set((await burstLeads()).map((lead) => lead.email));
        expect([...acknowledged.keys()].filter((email) => !emails.has(email))).toEqual([]);
      },
      { timeout: 5000, interval: 50 },
    );
    const leads = await burstLeads();
    const perEmail = new Map<string, LeadSummary[]>();
    for (const lead of leads) perEmail.set(lead.email, [...(perEmail.get(lead.email) ?? []), lead]);
    for (const [email, { id }] of acknowledged) {
      expect(
        perEmail.get(email)?.map((lead) => lead.id),
        email,
      ).toEqual([id]);
    }
    // Nothing stored twice, acknowledged or not, and nothing beyond the 100 sent.
    expect([...perEmail.values()].filter((list) => list.length > 1)).toEqual([]);
    expect(leads.length).toBeLessThanOrEqual(100);
  }, 60_000);
});
