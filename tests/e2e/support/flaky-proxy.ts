/**
 * A local TCP proxy between the browser and the server under test (issue 6 "a flaky network between browser and
 * server"): plain node:net, no HTTP library, so what the browser meets is what a bad network does to TCP.
 *
 * Pass-through by default; `setFlaky(true)` turns on seeded random faults:
 * - a new connection is reset as soon as it is accepted (`resetOnAcceptRate`);
 * - a request is dropped before it reaches the server (`dropRequestRate`): the connection is reset;
 * - a request reaches the server but its answer is lost (`dropAnswerRate`): the connection is closed as soon as
 *   the server starts answering, so the browser never learns whether the write happened;
 * - a request is held back for a random time up to `maxDelayMs` (`delayRate`).
 *
 * Browsers keep connections alive and send many requests over one, so the faults are drawn per request (a
 * client chunk that starts with an HTTP request line), not only per connection. Every request is recorded with
 * its method, path, Idempotency-Key and fate, so a test can count what was sent and what reached the server.
 */
import net from 'node:net';

export interface FlakyProxyOptions {
  targetPort: number;
  targetHost?: string;
  /** Seed of the fault generator: the same seed gives the same sequence of decisions. */
  seed?: number;
  resetOnAcceptRate?: number;
  dropRequestRate?: number;
  dropAnswerRate?: number;
  delayRate?: number;
  maxDelayMs?: number;
  /**
   * The answers of the first N writes (POST, PUT, PATCH, DELETE) after setFlaky(true) are lost whatever the
   * random draws say, so a run always includes a write the server applied but the browser never heard about.
   */
  dropFirstWriteAnswers?: number;
}

export type RequestFate = 'passed' | 'delayed' | 'dropped-request' | 'dropped-answer';

export interface ProxiedRequest {
  connection: number;
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  fate: RequestFate;
  /** Whether the bytes of the request were handed to the server. */
  reachedServer: boolean;
  at: number;
}

export interface ProxyStats {
  connections: number;
  connectionsResetOnAccept: number;
  requestsDropped: number;
  answersDropped: number;
  requestsDelayed: number;
  requests: ProxiedRequest[];
}

/** mulberry32: a small seeded generator, good enough for fault injection and reproducible from the seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REQUEST_LINE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/;

function headerValue(head: string, name: string): string | undefined {
  const match = new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]*)`, 'i').exec(head);
  return match?.[1]?.trim();
}

export class FlakyProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly random: () => number;
  private flaky = false;
  private writeAnswersDroppedOnPurpose = 0;
  private nextConnection = 1;
  readonly stats: ProxyStats = {
    connections: 0,
    connectionsResetOnAccept: 0,
    requestsDropped: 0,
    answersDropped: 0,
    requestsDelayed: 0,
    requests: [],
  };
  port = 0;

  constructor(private readonly options: FlakyProxyOptions) {
    this.random = seededRandom(options.seed ?? 1);
  }

  /** Listens on 127.0.0.1 on a free port; resolves with the proxy's base URL. */
  async start(): Promise<string> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${this.port}`;
  }

  setFlaky(flaky: boolean): void {
    this.flaky = flaky;
    this.writeAnswersDroppedOnPurpose = 0;
  }

  /** Forgets the recorded requests and counters (e.g. after the pages were loaded). */
  resetStats(): void {
    Object.assign(this.stats, {
      connections: 0,
      connectionsResetOnAccept: 0,
      requestsDropped: 0,
      answersDropped: 0,
      requestsDelayed: 0,
      requests: [],
    });
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    // A reset connection reports ECONNRESET on the other side: expected here, never a crash of the test.
    socket.on('error', () => undefined);
  }

  private chance(rate: number | undefined): boolean {
    return this.flaky && rate !== undefined && rate > 0 && this.random() < rate;
  }

  private accept(client: net.Socket): void {
    this.track(client);
    this.stats.connections += 1;
    const connection = this.nextConnection++;
    if (this.chance(this.options.resetOnAcceptRate)) {
      this.stats.connectionsResetOnAccept += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.options.targetPort, this.options.targetHost ?? '127.0.0.1');
    this.track(upstream);
    let dropAnswer = false;
    // Chunks go to the server in order, each after the delay (if any) of the ones before it.
    let forwarding: Promise<void> = Promise.resolve();
    const closeBoth = (reset: boolean) => {
      if (reset) client.resetAndDestroy();
      else client.destroy();
      upstream.destroy();
    };

    client.on('data', (chunk: Buffer) => {
      const requestLine = REQUEST_LINE.exec(chunk.subarray(0, 8192).toString('latin1'));
      let delayMs = 0;
      if (requestLine) {
        const head = chunk.subarray(0, 16_384).toString('latin1');
        const record: ProxiedRequest = {
          connection,
          method: requestLine[1]!,
          path: requestLine[2]!,
          idempotencyKey: headerValue(head, 'idempotency-key'),
          fate: 'passed',
          reachedServer: true,
          at: Date.now(),
        };
        this.stats.requests.push(record);
        if (this.chance(this.options.dropRequestRate)) {
          record.fate = 'dropped-request';
          record.reachedServer = false;
          this.stats.requestsDropped += 1;
          closeBoth(true);
          return;
        }
        const isWrite = !['GET', 'HEAD', 'OPTIONS'].includes(record.method);
        const dropOnPurpose =
          this.flaky && isWrite && this.writeAnswersDroppedOnPurpose < (this.options.dropFirstWriteAnswers ?? 0);
        if (dropOnPurpose) this.writeAnswersDroppedOnPurpose += 1;
        if (dropOnPurpose || this.chance(this.options.dropAnswerRate)) {
          record.fate = 'dropped-answer';
          this.stats.answersDropped += 1;
          dropAnswer = true;
        } else if (this.chance(this.options.delayRate)) {
          record.fate = 'delayed';
          this.stats.requestsDelayed += 1;
          delayMs = Math.floor(this.random() * (this.options.maxDelayMs ?? 500));
        }
      }
      forwarding = forwarding.then(async () => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (!upstream.destroyed) upstream.write(chunk);
      });
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropAnswer) {
        // The server has the request (it is answering): the browser never gets the answer.
        closeBoth(false);
        return;
      }
      if (!client.destroyed) client.write(chunk);
    });
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  }
}
